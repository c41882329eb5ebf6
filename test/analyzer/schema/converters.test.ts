/**
 * Which converter of the chain takes a type: the ordering decisions the goldens only show
 * indirectly. Uses the shared fixture program.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { CONVERTERS } from '../../../src/analyzer/schema/converters/index.js';
import { TypeSchemaGenerator } from '../../../src/analyzer/schema/generator.js';
import { FIXTURE_DIR, fixtureProgram } from './fixture-program.js';

function kindOf(file: string, alias: string): string | undefined {
  const program = fixtureProgram();
  const context = new TypeSchemaGenerator(program, FIXTURE_DIR);
  const source = program.getSourceFile(path.join(FIXTURE_DIR, file));
  const declaration = source?.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === alias);
  assert.ok(declaration && ts.isTypeAliasDeclaration(declaration), `no alias ${alias} in ${file}`);
  const type = program.getTypeChecker().getTypeAtLocation(declaration.name);
  return CONVERTERS.find((converter) => converter.supports(type, context))?.kind;
}

test('converter kinds are unique', () => {
  const kinds = CONVERTERS.map((c) => c.kind);
  assert.equal(new Set(kinds).size, kinds.length);
});

test('the first converter that supports a type wins', () => {
  const cases: [string, string, string][] = [
    ['literals-enums.ts', 'SubjectBooleanUnion', 'primitive'],
    ['literals-enums.ts', 'SubjectLiteralUnion', 'literal-union'],
    ['literals-enums.ts', 'SubjectColor', 'enum'],
    ['literals-enums.ts', 'SubjectColorMember', 'literal'],
    ['literals-enums.ts', 'SubjectColorOrNull', 'nullable'],
    ['literals-enums.ts', 'SubjectStringOrNumber', 'union'],
    ['special-types.ts', 'SubjectPromise', 'promise'],
    ['special-types.ts', 'SubjectDate', 'date-url'],
    ['special-types.ts', 'SubjectBytes', 'binary'],
    ['special-types.ts', 'SubjectSet', 'set'],
    ['special-types.ts', 'SubjectMap', 'map'],
    ['special-types.ts', 'SubjectBigint', 'bigint'],
    ['collections.ts', 'SubjectPair', 'tuple'],
    ['collections.ts', 'SubjectRecord', 'object'],
    ['unions.ts', 'SubjectShape', 'union-of-objects'],
    ['unions.ts', 'SubjectUserOrString', 'union'],
    ['intersections.ts', 'SubjectBranded', 'intersection'],
    ['unresolvable.ts', 'SubjectAny', 'unresolvable'],
    ['utility-types.ts', 'SubjectPick', 'object'],
  ];
  for (const [file, alias, kind] of cases) assert.equal(kindOf(file, alias), kind, `${file} ${alias}`);
});
