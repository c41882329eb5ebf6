/**
 * A JSDoc constraint on a type it cannot constrain (`@maxLength` on a `string[]`) checks
 * nothing at run time: the analyzer warns at its declaration's file:line. Tags on the types
 * they constrain, and an alias's tags reaching array items, do not warn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';

const root = fileURLToPath(new URL('../fixtures/limits/app', import.meta.url));
const at = 'src/limits.controller.ts';

describe('misplaced constraint tags', () => {
  const result = analyzeProject({ root });

  it('warn once each, at the property or parameter, and nothing else warns', () => {
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
      `${at}:24: warning: @maxLength constrains strings, and this is an array: it checks nothing here ` +
        '(to check each item, declare the items with an alias that has the tag: ' +
        '/** @maxLength 20 */ type Item = string; then Item[])',
      `${at}:26: warning: @minItems constrains arrays, and this is a string: it checks nothing here`,
      // The echo route's body is `unknown` on purpose.
      `[svc_swagger] Warning: cannot infer schema for type 'unknown' (${at}:63). Use @ApiType to specify the schema explicitly.`,
      `${at}:81: warning: @minimum constrains numbers, and this is a string: it checks nothing here`,
    ]);
  });

  it('leave the schemas as written (the warning is the change)', () => {
    assert.deepEqual(result.model?.schemas.Labels?.properties, {
      labels: { type: 'array', items: { type: 'string' }, maxLength: 20 },
      name: { type: 'string', minItems: 1 },
      ok: { type: 'string', maxLength: 20 },
    });
  });
});
