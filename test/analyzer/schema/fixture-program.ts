/**
 * One TypeScript program over every schema fixture, created once and shared by all cases
 * (creating a program is the slow part). A case is a folder `test/fixtures/schema/<case>/`
 * whose `main.ts` is the input; files named `_*.ts` beside it are its helpers. Subjects of a
 * case are its exported declarations named `Subject*` (types) and `subject*` (functions: each
 * parameter and the return type).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { JsonSchema } from '../../../src/model/json-schema.js';
import type { SchemaGenerator } from '../../../src/analyzer/schema/index.js';

export const FIXTURE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/schema',
);

export const FIXTURE_OPTIONS: ts.CompilerOptions = {
  strict: true,
  experimentalDecorators: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

let shared: ts.Program | undefined;

/** Case names: every folder of the fixture directory that has a `main.ts`. */
export function fixtureCases(): string[] {
  return readdirSync(FIXTURE_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(caseFile(entry.name, 'main.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** A file of one case's folder: `main.ts`, `schema.json`, `samples.json` or a helper. */
export function caseFile(name: string, file: string): string {
  return path.join(FIXTURE_DIR, name, file);
}

export function fixtureProgram(): ts.Program {
  shared ??= ts.createProgram(
    fixtureCases().flatMap((name) =>
      readdirSync(path.join(FIXTURE_DIR, name))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => caseFile(name, file)),
    ),
    FIXTURE_OPTIONS,
  );
  return shared;
}

/** Converts every subject of one fixture file, in source order. */
export function convertSubjects(
  program: ts.Program,
  file: string,
  generator: SchemaGenerator,
): Record<string, JsonSchema> {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`fixture not in program: ${file}`);
  const checker = program.getTypeChecker();
  const schemas: Record<string, JsonSchema> = {};
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text.startsWith('subject')) {
      convertFunction(statement, checker, generator, schemas);
      continue;
    }
    if (!isTypeDeclaration(statement) || !statement.name.text.startsWith('Subject')) continue;
    const symbol = checker.getSymbolAtLocation(statement.name);
    if (!symbol) continue;
    schemas[statement.name.text] = generator.schemaFor(checker.getDeclaredTypeOfSymbol(symbol), statement);
  }
  return schemas;
}

type TypeDeclaration =
  ts.InterfaceDeclaration | ts.ClassDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;

function isTypeDeclaration(node: ts.Node): node is TypeDeclaration & { name: ts.Identifier } {
  const declaration =
    ts.isInterfaceDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node);
  return declaration && node.name !== undefined;
}

function convertFunction(
  fn: ts.FunctionDeclaration,
  checker: ts.TypeChecker,
  generator: SchemaGenerator,
  schemas: Record<string, JsonSchema>,
): void {
  const name = fn.name?.text ?? 'anonymous';
  for (const parameter of fn.parameters) {
    const type = checker.getTypeAtLocation(parameter);
    const key = `${name}(${parameter.name.getText()})`;
    schemas[key] = generator.schemaFor(type, parameter, generator.annotationsOf(parameter));
  }
  const signature = checker.getSignatureFromDeclaration(fn);
  if (signature)
    schemas[`${name}:return`] = generator.schemaFor(
      checker.getReturnTypeOfSignature(signature),
      fn.type ?? fn,
    );
}
