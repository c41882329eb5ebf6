/**
 * Transitive providers in an app run by `svc start`: the build's app model points the provider
 * classes at the emitted files, and the served app injects them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  request,
  RunningCli,
  waitForListening,
} from '../cli/helpers.js';
import { buildCached } from '../support/cached-build.js';

const SERVICES = `export class Clock {
  constructor(readonly now: string) {}
}

export class Greeter {
  constructor(private readonly clock: Clock) {}

  greet(name: string): string {
    return \`hello \${name} at \${this.clock.now}\`;
  }
}
`;

const GREETINGS_CONTROLLER = `import { Controller, Get, Param } from 'svcjs';
import { Greeter } from './services.js';

@Controller('greetings')
export class GreetingsController {
  constructor(private readonly greeter: Greeter) {}

  @Get(':name')
  greet(@Param() name: string): string {
    return this.greeter.greet(name);
  }
}
`;

const APP = `import { App } from 'svcjs';
import { Clock, Greeter } from './services.js';

@App({ prefix: '/api', providers: [Greeter, { provide: Clock, useValue: new Clock('noon') }] })
export class FixtureApp {}
`;

let root: string;
before(async () => {
  root = makeProject();
  writeFileSync(join(root, 'src', 'services.ts'), SERVICES);
  writeFileSync(join(root, 'src', 'greetings.controller.ts'), GREETINGS_CONTROLLER);
  writeFileSync(join(root, 'src', 'app.ts'), APP);
  const build = await buildCached(root);
  assert.equal(build.code, 0, build.stderr);
});
after(() => removeProject(root));

test('svc start injects Greeter(Clock) from the build', async () => {
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
  try {
    const url = await waitForListening(cli);
    assert.deepEqual(await request(`${url}/api/greetings/ada`), { status: 200, text: 'hello ada at noon' });
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});
