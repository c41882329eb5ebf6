/**
 * Which converter of the chain takes a type: the ordering decisions the goldens only show
 * indirectly. Uses the shared fixture program.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ts from 'typescript';
import { CONVERTERS } from '../../../src/analyzer/schema/converters/index.js';
import { TypeSchemaGenerator } from '../../../src/analyzer/schema/generator.js';
import { caseFile, FIXTURE_DIR, fixtureProgram } from './fixture-program.js';

function kindOf(name: string, alias: string): string | undefined {
  const program = fixtureProgram();
  const context = new TypeSchemaGenerator(program, FIXTURE_DIR);
  const source = program.getSourceFile(caseFile(name, 'main.ts'));
  const declaration = source?.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === alias);
  assert.ok(declaration && ts.isTypeAliasDeclaration(declaration), `no alias ${alias} in ${name}`);
  const type = program.getTypeChecker().getTypeAtLocation(declaration.name);
  return CONVERTERS.find((converter) => converter.supports(type, context))?.kind;
}

test('converter kinds are unique', () => {
  const kinds = CONVERTERS.map((c) => c.kind);
  assert.equal(new Set(kinds).size, kinds.length);
});

test('the first converter that supports a type wins', () => {
  const cases: [string, string, string][] = [
    ['literals-enums', 'SubjectBooleanUnion', 'primitive'],
    ['literals-enums', 'SubjectLiteralUnion', 'literal-union'],
    ['literals-enums', 'SubjectColor', 'enum'],
    ['literals-enums', 'SubjectColorMember', 'literal'],
    ['literals-enums', 'SubjectColorOrNull', 'nullable'],
    ['literals-enums', 'SubjectStringOrNumber', 'union'],
    ['special-types', 'SubjectPromise', 'promise'],
    ['special-types', 'SubjectDate', 'date-url'],
    ['special-types', 'SubjectBytes', 'binary'],
    ['special-types', 'SubjectSet', 'set'],
    ['special-types', 'SubjectMap', 'map'],
    ['special-types', 'SubjectBigint', 'bigint'],
    ['collections', 'SubjectPair', 'tuple'],
    ['collections', 'SubjectRecord', 'object'],
    ['unions', 'SubjectShape', 'union-of-objects'],
    ['unions', 'SubjectUserOrString', 'union'],
    ['intersections', 'SubjectBranded', 'intersection'],
    ['unresolvable', 'SubjectAny', 'unresolvable'],
    ['utility-types', 'SubjectPick', 'object'],
  ];
  for (const [name, alias, kind] of cases) assert.equal(kindOf(name, alias), kind, `${name} ${alias}`);
});
