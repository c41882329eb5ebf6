/**
 * The shared build's key (cached-build.ts) changes with every input of a build and with nothing
 * else: a test can never get the outputs of another project, another svc or other arguments.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeProject, removeProject, REPO } from '../cli/helpers.js';
import { buildKey } from './cached-build.js';

let root: string;
before(() => {
  root = makeProject();
});
after(() => removeProject(root));

test('a source, the tsconfig, a new file, a node_modules link or the arguments change the key', () => {
  const keys = [buildKey(root, [])];
  const change = (edit: () => void) => {
    edit();
    keys.push(buildKey(root, []));
  };
  change(() => writeFileSync(join(root, 'src', 'book-store.ts'), '// edited\n', { flag: 'a' }));
  change(() => writeFileSync(join(root, 'tsconfig.json'), '\n', { flag: 'a' }));
  change(() => writeFileSync(join(root, 'svc.config.json'), '{}'));
  change(() =>
    symlinkSync(join(REPO, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir'),
  );
  keys.push(buildKey(root, ['--fast']));
  assert.equal(new Set(keys).size, keys.length, keys.join('\n'));
});

test("what a build writes (dist, .svc) and node_modules' own files leave the key as it was", () => {
  const key = buildKey(root, []);
  for (const dir of ['dist', '.svc', join('node_modules', '.cache')]) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'output.js'), 'written by a build\n');
  }
  assert.equal(buildKey(root, []), key);
  rmSync(join(root, 'dist'), { recursive: true });
  assert.equal(buildKey(root, []), key);
});
