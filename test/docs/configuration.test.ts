/**
 * docs/configuration.md says what the analyzer and the option table say: the unknown-option error
 * it quotes is the one an `@App` typo gets (with every option `@App` takes), and its table has a
 * row for each option of the table, so the page cannot fall behind a new option.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';
import { APP_OPTION_NAMES } from '../../src/model/app-options.js';

const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const root = mkdtempSync(path.join(tmpdir(), 'svc-configuration-doc-'));
after(() => rmSync(root, { recursive: true, force: true }));

test("the @App unknown-option error on the page is the analyzer's, word for word", () => {
  const quoted = /`(src\/app\.ts:3: error: @App option 'bodyLimt' is unknown[^`]*)`/.exec(page);
  assert.ok(quoted, 'the page quotes the error of @App({ bodyLimt })');
  const svcEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
  const compilerOptions = { strict: true, experimentalDecorators: true, noEmit: true, types: [] };
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, paths: { svcjs: [svcEntry] } },
      include: ['src'],
    }),
  );
  mkdirSync(path.join(root, 'src'));
  const app =
    "import { App, Controller, Get } from 'svcjs';\n\n@App({ bodyLimt: 1 } as never)\nexport class MyApp {}\n";
  const controller =
    "@Controller('a')\nexport class AController {\n  @Get()\n  a(): string {\n    return 'a';\n  }\n}\n";
  writeFileSync(path.join(root, 'src', 'app.ts'), app + controller);
  const errors = analyzeProject({ root, typeCheck: false }).diagnostics.map(formatDiagnostic);
  assert.deepEqual(errors, [quoted[1]]);
});

test('the options table has one row per option of the table', () => {
  const rows = [...page.matchAll(/^\| `(\w+)` +\|/gm)].map((match) => match[1]);
  assert.deepEqual([...rows].sort(), [...APP_OPTION_NAMES].sort());
});
