/**
 * `svc start` with one worker serves in its own process (no second Node start): the process that
 * answers is the one the user spawned, and it still behaves as the server process did: its
 * environment, working directory and argv; a request in flight at SIGTERM is answered before it
 * exits 0; a server that ends by itself makes `svc start` say so and exit 1.
 */
import assert from 'node:assert/strict';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  request,
  RunningCli,
  waitForListening,
} from './helpers.js';
import { buildCached } from '../support/cached-build.js';

const CONTROLLER = `import { Controller, Get } from 'svcjs';

export interface ProcessInfo {
  pid: number;
  cwd: string;
  argv: string[];
  nodeEnv: string;
}

@Controller('process')
export class ProcessController {
  @Get()
  info(): ProcessInfo {
    return { pid: process.pid, cwd: process.cwd(), argv: process.argv.slice(1), nodeEnv: process.env.NODE_ENV ?? '' };
  }

  /** Held until the process gets SIGTERM: it is in flight when the shutdown starts. */
  @Get('held')
  async held(): Promise<number> {
    console.log('held');
    await new Promise((resolve) => process.once('SIGTERM', resolve));
    return process.pid;
  }

  /** Answers, then the process ends by itself with code 3. */
  @Get('exit')
  exit(): number {
    setImmediate(() => process.exit(3));
    return process.pid;
  }
}
`;

describe('svc start: one worker serves in the svc start process', () => {
  let root: string;
  const running: RunningCli[] = [];
  const start = () => {
    const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
    running.push(cli);
    return cli;
  };

  before(async () => {
    root = makeProject();
    writeFileSync(join(root, 'src/process.controller.ts'), CONTROLLER);
    const build = await buildCached(root);
    assert.equal(build.code, 0, build.stderr);
  });
  after(async () => {
    await Promise.all(running.map((cli) => cli.stop()));
    removeProject(root);
  });

  it('answers from the spawned pid with the server environment, and finishes a request in flight at SIGTERM', async () => {
    const cli = start();
    const url = await waitForListening(cli);
    assert.match(cli.output, /GET\s+\/api\/process\/held\s+ProcessController\.held\n/);
    const info = await request(`${url}/api/process`);
    assert.equal(info.status, 200);
    assert.deepEqual(JSON.parse(info.text), {
      pid: cli.child.pid,
      cwd: realpathSync(root),
      argv: [join(realpathSync(root), 'dist', 'main.mjs')],
      nodeEnv: process.env.NODE_ENV ?? 'production',
    });
    const held = request(`${url}/api/process/held`);
    await cli.waitFor(/^held$/m);
    assert.equal(await cli.stop(), 0);
    assert.deepEqual(await held, { status: 200, text: String(cli.child.pid) });
    assert.match(
      cli.output,
      /svc: shutdown on SIGTERM: stopped accepting; 1 in-flight request\(s\) finished, 0 cut/,
    );
    assert.doesNotMatch(cli.output, /typescript must not be loaded/);
  });

  it('a server that ends by itself: svc start says how and exits 1', async () => {
    const cli = start();
    const url = await waitForListening(cli);
    const answer = await request(`${url}/api/process/exit`);
    assert.deepEqual(answer, { status: 200, text: String(cli.child.pid) });
    assert.equal(await cli.stop(), 1);
    assert.match(cli.output, /^svc: the server exited \(3\)$/m);
  });
});
