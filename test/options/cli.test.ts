/**
 * An app run by the CLI honours the options written in `@App` and in `svc.config.json`: the
 * build records them in the app model and the generated entry's createApp reads them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  RunningCli,
  waitForListening,
} from '../cli/helpers.js';
import { noteOfSize } from './project.js';
import { buildCached } from '../support/cached-build.js';

const NOTES_CONTROLLER = `import { Body, Controller, Post } from 'svcjs';

export interface Note {
  text: string;
}

@Controller('notes')
export class NotesController {
  @Post()
  create(@Body() note: Note): Note {
    return note;
  }
}
`;

let root: string;
before(async () => {
  root = makeProject();
  writeFileSync(join(root, 'src', 'notes.controller.ts'), NOTES_CONTROLLER);
  writeFileSync(
    join(root, 'src', 'app.ts'),
    `import { App } from 'svcjs';\n\n@App({ prefix: '/api', unknownProperties: 'reject' })\nexport class FixtureApp {}\n`,
  );
  writeFileSync(join(root, 'svc.config.json'), JSON.stringify({ app: { bodyLimit: 64 } }));
  const build = await buildCached(root);
  assert.equal(build.code, 0, build.stderr);
});
after(() => removeProject(root));

async function post(url: string, body: string): Promise<number> {
  const headers = { 'content-type': 'application/json' };
  const response = await fetch(`${url}/api/notes`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

test('svc start: bodyLimit from svc.config.json and unknownProperties from @App take effect', async () => {
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
  try {
    const url = await waitForListening(cli);
    const statuses = [
      await post(url, noteOfSize(64)),
      await post(url, noteOfSize(65)),
      await post(url, JSON.stringify({ text: 'hi', extra: 1 })),
    ];
    assert.deepEqual(statuses, [200, 413, 400]);
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});
