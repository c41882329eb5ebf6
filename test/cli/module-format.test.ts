/**
 * ESM and CommonJS user projects: the emitted code keeps the format TypeScript gave it, and when
 * the package.json scope would misread it, `svc build` pins it with a package.json in the output.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { makeProject, removeProject, request, runCli, RunningCli, waitForListening } from './helpers.js';

const projects: string[] = [];
const running: RunningCli[] = [];
after(async () => {
  await Promise.all(running.map((cli) => cli.stop()));
  projects.forEach(removeProject);
});

/** The basic fixture as a package without "type" (CommonJS scope), with the given module settings. */
function commonJsScopeProject(module: string, moduleResolution: string): string {
  const root = makeProject();
  projects.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'cjs-scope', private: true }));
  const tsconfigFile = join(root, 'tsconfig.json');
  const tsconfig = JSON.parse(readFileSync(tsconfigFile, 'utf8'));
  Object.assign(tsconfig.compilerOptions, { module, moduleResolution });
  writeFileSync(tsconfigFile, JSON.stringify(tsconfig));
  return root;
}

async function buildAndServe(root: string): Promise<string> {
  const build = await runCli(['build'], root);
  assert.equal(build.code, 0, build.stderr);
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root);
  running.push(cli);
  return waitForListening(cli);
}

describe('module formats', () => {
  it('a CommonJS project (nodenext, no "type") is emitted as CommonJS and served', async () => {
    const root = commonJsScopeProject('NodeNext', 'NodeNext');
    const url = await buildAndServe(root);
    assert.match(readFileSync(join(root, 'dist/books.controller.js'), 'utf8'), /require\("svcjs"\)/);
    assert.ok(!existsSync(join(root, 'dist/package.json')));
    const response = await request(`${url}/api/books/1`);
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.text), { id: '1', title: 'Dune' });
  });

  it('ES modules emitted into a CommonJS scope get a package.json that pins "type": "module"', async () => {
    const root = commonJsScopeProject('ES2022', 'Bundler');
    const url = await buildAndServe(root);
    assert.match(readFileSync(join(root, 'dist/books.controller.js'), 'utf8'), /from 'svcjs'/);
    assert.equal(JSON.parse(readFileSync(join(root, 'dist/package.json'), 'utf8')).type, 'module');
    assert.equal((await request(`${url}/api/books`)).status, 200);
  });
});
