/**
 * docs/getting-started.md builds by hand the project `svc init` writes: the tsconfig it shows and
 * the npm scripts it sets are the template's, so the page and the command cannot drift apart.
 * (The page's TypeScript snippets are type-checked by snippets.test.ts; `svc init`'s project
 * is installed, type-checked, tested and served by test/cli/init.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TEMPLATES } from '../../src/cli/init-templates.js';

const page = readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8');
const values = { name: 'my-api', svcRange: '^0.0.0' };

test('the tsconfig.json on the page is the one svc init writes', () => {
  const block = /### 2\. tsconfig\.json\n\n```json\n([\s\S]*?)\n```/.exec(page);
  assert.ok(block, 'the page has a "### 2. tsconfig.json" section with a json block');
  assert.deepEqual(JSON.parse(block[1]!), JSON.parse(TEMPLATES['tsconfig.json']!(values)));
});

test('the npm scripts the page sets are the ones svc init writes', () => {
  const line = /npm pkg set (scripts\.dev=[^\n]*\\\n[^\n]*)/.exec(page);
  assert.ok(line, 'the page sets the scripts with npm pkg set');
  const scripts = Object.fromEntries(
    [...line[1]!.matchAll(/scripts\.(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  const pkg = JSON.parse(TEMPLATES['package.json']!(values)) as { scripts: Record<string, string> };
  assert.deepEqual(scripts, pkg.scripts);
});
