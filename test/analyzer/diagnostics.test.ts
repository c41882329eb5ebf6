/**
 * Analysis errors, each with its file:line. The `invalid` fixture marks every expected error with
 * a `// expect: CODE` line and every expected schema warning with a `// warn: <type>` line just
 * above the line it is reported at (a comment line of its own, which formatters leave in place);
 * one program covers them all.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';

const fixture = fileURLToPath(new URL('../fixtures/apps/invalid/', import.meta.url));

interface Marker {
  kind: 'expect' | 'warn';
  text: string;
  file: string;
  line: number;
}

/** The 1-based line of a fixture file that contains `text`, so expectations follow the fixture's text. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(path.join(fixture, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  assert.notEqual(index, -1, `${file} has no line containing ${text}`);
  return index + 1;
}

function readMarkers(root: string): Marker[] {
  const markers: Marker[] = [];
  for (const name of readdirSync(path.join(root, 'src')).sort()) {
    const file = `src/${name}`;
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const match = /^\s*\/\/ (expect|warn): (.+)$/.exec(text);
        if (match)
          markers.push({ kind: match[1] as Marker['kind'], text: match[2]!.trim(), file, line: index + 2 });
      });
  }
  return markers;
}

describe('analysis errors in the invalid fixture', () => {
  const result = analyzeProject({ root: fixture });
  const markers = readMarkers(fixture);

  it('gives no model', () => {
    assert.equal(result.model, undefined);
    assert.ok(result.program, 'the program is returned for reuse');
  });

  it('reports exactly the marked errors, each at its file:line', () => {
    const actual = result.diagnostics
      .filter((diagnostic) => diagnostic.severity === 'error')
      .map((diagnostic) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.code}`)
      .sort();
    const expected = markers
      .filter((marker) => marker.kind === 'expect')
      .map((marker) => `${marker.file}:${marker.line} ${marker.text}`)
      .sort();
    assert.deepEqual(actual, expected);
  });

  it('passes the schema warnings through with their documented wording', () => {
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    const expected = markers
      .filter((marker) => marker.kind === 'warn')
      .map(
        (marker) =>
          `[svc_swagger] Warning: cannot infer schema for type '${marker.text}' (${marker.file}:${marker.line}). Use @ApiType to specify the schema explicitly.`,
      );
    assert.deepEqual(warnings.map(formatDiagnostic), expected);
  });

  it('names both places in duplicate errors', () => {
    const byCode = (code: string) => result.diagnostics.find((diagnostic) => diagnostic.code === code);
    const getLine = lineOf('src/items.controller.ts', '  get(@Param() id: string)');
    assert.match(
      byCode('SVC_ERR_DUPLICATE_ROUTE')!.message,
      new RegExp(
        `ItemsController\\.getAgain.*ItemsController\\.get at src/items\\.controller\\.ts:${getLine}\\b`,
      ),
    );
    assert.match(
      byCode('SVC_ERR_DUPLICATE_OPERATION_ID')!.message,
      new RegExp(`'items_get'.*src/items\\.controller\\.ts:${getLine}\\b`),
    );
    const auditLine = lineOf('src/audit-a.ts', 'export class Audit');
    assert.match(
      byCode('SVC_ERR_DUPLICATE_CLASS')!.message,
      new RegExp(`'Audit'.*src/audit-a\\.ts:${auditLine}\\b`),
    );
  });
});

describe('project-level analysis errors', () => {
  const temporary: string[] = [];
  after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function project(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'svc-analyze-'));
    temporary.push(root);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    return root;
  }

  const compilerOptions = { strict: true, target: 'ES2022', module: 'ES2022', types: [], noEmit: true };

  it('SVC_ERR_TSCONFIG_MISSING when the root has no tsconfig.json', () => {
    const result = analyzeProject({ root: project({ 'app.ts': 'export {};\n' }) });
    assert.equal(result.model, undefined);
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => diagnostic.code),
      ['SVC_ERR_TSCONFIG_MISSING'],
    );
  });

  it('SVC_ERR_DECORATORS_DISABLED at the tsconfig line', () => {
    const tsconfig = JSON.stringify(
      { compilerOptions: { ...compilerOptions, experimentalDecorators: false } },
      null,
      2,
    );
    const result = analyzeProject({ root: project({ 'tsconfig.json': tsconfig, 'app.ts': 'export {};\n' }) });
    assert.deepEqual(result.diagnostics, [
      {
        severity: 'error',
        code: 'SVC_ERR_DECORATORS_DISABLED',
        message: result.diagnostics[0]?.message,
        file: 'tsconfig.json',
        line: tsconfig.split('\n').findIndex((line) => line.includes('"experimentalDecorators"')) + 1,
      },
    ]);
    assert.match(result.diagnostics[0]!.message, /"experimentalDecorators": true/);
  });

  it('SVC_ERR_NO_CONTROLLERS when no class is a controller', () => {
    const tsconfig = JSON.stringify({
      compilerOptions: { ...compilerOptions, experimentalDecorators: true },
    });
    const result = analyzeProject({
      root: project({ 'tsconfig.json': tsconfig, 'app.ts': 'export class NotAController {}\n' }),
    });
    assert.equal(result.model, undefined);
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => diagnostic.code),
      ['SVC_ERR_NO_CONTROLLERS'],
    );
  });

  it('SVC_ERR_CONFIG_INVALID when svc.config.json is not JSON', () => {
    const tsconfig = JSON.stringify({
      compilerOptions: { ...compilerOptions, experimentalDecorators: true },
    });
    const result = analyzeProject({
      root: project({ 'tsconfig.json': tsconfig, 'svc.config.json': '{ nope', 'app.ts': 'export {};\n' }),
    });
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file, diagnostic.line]),
      [
        ['SVC_ERR_NO_CONTROLLERS', undefined, undefined],
        ['SVC_ERR_CONFIG_INVALID', 'svc.config.json', 1],
      ],
    );
  });
});
