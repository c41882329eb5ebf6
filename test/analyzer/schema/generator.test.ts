/**
 * Generator behaviour the goldens do not show well: dependency classes, warning de-duplication,
 * component registration, annotation wrapping, endless generic expansion. One small program on
 * disk (a temp dir with a fake dependency under node_modules) serves every test.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { applyAnnotations } from '../../../src/analyzer/schema/annotate.js';
import { createSchemaGenerator } from '../../../src/analyzer/schema/index.js';
import { FIXTURE_OPTIONS } from './fixture-program.js';

const root = mkdtempSync(path.join(tmpdir(), 'svc-schema-'));
mkdirSync(path.join(root, 'node_modules/dep'), { recursive: true });
writeFileSync(path.join(root, 'node_modules/dep/package.json'), '{"name":"dep","types":"index.d.ts"}');
writeFileSync(
  path.join(root, 'node_modules/dep/index.d.ts'),
  'export declare class Duration { millis(): number; }\nexport interface Options { retries: number; }\n',
);
const mainFile = path.join(root, 'main.ts');
writeFileSync(
  mainFile,
  [
    "import type { Duration, Options } from 'dep';",
    'export interface Job {',
    '  timeout: Duration;',
    '  options: Options;',
    '}',
    'export interface Zed { z: string }',
    'export interface Alpha { a: Zed }',
    'export type Deep<T> = { next: Deep<T[]> };',
    'export type Fn = () => void;',
    'declare function ApiType(schema: object): ParameterDecorator;',
    'export class Ctl {',
    '  /** Updates.\n   * @param mode - how to update\n   */',
    "  update(@ApiType({ type: 'string', enum: ['a', 'b'] }) mode: unknown): void {}",
    '}',
  ].join('\n'),
);

/** The 1-based line of `main.ts` that starts with `start`. */
function lineOf(start: string): number {
  const index = readFileSync(mainFile, 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith(start));
  assert.notEqual(index, -1, `main.ts has no line starting with ${start}`);
  return index + 1;
}
const program = ts.createProgram([mainFile], {
  ...FIXTURE_OPTIONS,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
});
const checker = program.getTypeChecker();

function declared(name: string): { type: ts.Type; node: ts.Node } {
  const source = program.getSourceFile(mainFile);
  const node = source?.statements.find((s) => (s as ts.DeclarationStatement).name?.getText() === name);
  assert.ok(node, `no declaration ${name}`);
  const symbol = checker.getSymbolAtLocation((node as ts.DeclarationStatement).name as ts.Node);
  assert.ok(symbol);
  return { type: checker.getDeclaredTypeOfSymbol(symbol), node };
}

test('a class from a dependency is {} with a warning; a dependency interface is converted', () => {
  const generator = createSchemaGenerator(program, root);
  const { type, node } = declared('Job');
  assert.deepEqual(generator.schemaFor(type, node), { $ref: '#/components/schemas/Job' });
  const job = generator.components().Job;
  assert.deepEqual(job?.properties?.timeout, {});
  assert.deepEqual(job?.properties?.options, { $ref: '#/components/schemas/Options' });
  assert.deepEqual(
    generator.diagnostics().map((d) => [d.severity, d.message, d.file, d.line]),
    [
      [
        'warning',
        "[svc_swagger] Warning: cannot infer schema for type 'Duration' (main.ts:3). Use @ApiType to specify the schema explicitly.",
        'main.ts',
        3,
      ],
    ],
  );
});

test('a warning is emitted once per type and site', () => {
  const generator = createSchemaGenerator(program, root);
  const { type, node } = declared('Fn');
  generator.schemaFor(type, node);
  generator.schemaFor(type, node);
  assert.equal(generator.diagnostics().length, 1);
  generator.schemaFor(type, declared('Job').node);
  assert.equal(generator.diagnostics().length, 2);
});

test('components are registered once and returned sorted by name', () => {
  const generator = createSchemaGenerator(program, root);
  const zed = declared('Zed');
  const alpha = declared('Alpha');
  generator.schemaFor(zed.type, zed.node);
  generator.schemaFor(alpha.type, alpha.node);
  generator.schemaFor(zed.type, zed.node);
  assert.deepEqual(Object.keys(generator.components()), ['Alpha', 'Zed']);
});

test('an endlessly expanding generic stops with {} and a warning instead of overflowing', () => {
  const generator = createSchemaGenerator(program, root);
  const { node } = declared('Deep');
  const type = checker.getTypeAtLocation((node as ts.TypeAliasDeclaration).type);
  assert.doesNotThrow(() => generator.schemaFor(type, node));
  const line = lineOf('export type Deep<T>');
  const diagnostics = generator.diagnostics();
  assert.deepEqual(
    diagnostics.map(({ severity, file, line }) => ({ severity, file, line })),
    [{ severity: 'warning', file: 'main.ts', line }],
  );
  // How deep the expansion went before stopping is the generator's own limit, not asserted.
  assert.match(
    diagnostics[0]!.message,
    new RegExp(
      `^\\[svc_swagger\\] Warning: cannot infer schema for type 'Deep<T(\\[\\])+>' \\(main\\.ts:${line}\\)\\.`,
    ),
  );
});

test('annotations sit beside a $ref, replace the schema with @schema, and leave a bare schema alone', () => {
  const ref = { $ref: '#/components/schemas/User' };
  assert.deepEqual(applyAnnotations(ref, {}), ref);
  assert.deepEqual(applyAnnotations(ref, { description: 'The owner' }), { ...ref, description: 'The owner' });
  assert.deepEqual(applyAnnotations({ type: 'number' }, { isInt: true, minimum: 1 }), {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
  });
  assert.deepEqual(applyAnnotations({ type: ['number', 'null'] }, { isInt: true, maximum: 2 ** 60 }), {
    type: ['integer', 'null'],
    minimum: -Number.MAX_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
  });
  assert.deepEqual(applyAnnotations({ type: 'number' }, { schema: { type: 'string' }, description: 'd' }), {
    type: 'string',
    description: 'd',
  });
});

test("annotationsOf a parameter reads @ApiType and the method's @param text", () => {
  const generator = createSchemaGenerator(program, root);
  const ctl = declared('Ctl').node as ts.ClassDeclaration;
  const method = ctl.members.find(ts.isMethodDeclaration);
  const parameter = method?.parameters[0];
  assert.ok(parameter);
  const annotations = generator.annotationsOf(parameter);
  assert.deepEqual(annotations, {
    description: 'how to update',
    schema: { type: 'string', enum: ['a', 'b'] },
  });
  assert.deepEqual(generator.schemaFor(checker.getTypeAtLocation(parameter), parameter, annotations), {
    type: 'string',
    enum: ['a', 'b'],
    description: 'how to update',
  });
  assert.deepEqual(generator.diagnostics(), []);
});
