/**
 * A `@pattern` that can backtrack exponentially is a warning at its declaration's file:line,
 * and its schema carries the run-time length cap; safe patterns are left alone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';
import { isRiskyPattern } from '../../src/analyzer/schema/pattern-check.js';

const root = fileURLToPath(new URL('../fixtures/security/app', import.meta.url));

const warning = (line: number) =>
  `src/security.controller.ts:${line}: warning: the @pattern '^(a+)+$' can take exponential time on some ` +
  'inputs (nested quantifier); it runs with a length limit of 12 characters at run time';

describe('@pattern ReDoS warnings', () => {
  const result = analyzeProject({ root });

  it('warn once per declaration, at the property and at the parameter', () => {
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    assert.deepEqual(warnings.map(formatDiagnostic), [warning(11), warning(35)]);
  });

  it('mark the schema with the length cap', () => {
    assert.deepEqual(result.model?.schemas.Code?.properties?.code, {
      type: 'string',
      pattern: '^(a+)+$',
      'x-svc-pattern-limit': 12,
    });
  });

  it('flag nested quantifiers only', () => {
    for (const risky of ['^(a+)+$', '^(\\w+\\s?)+$', '^((a+)+)+$', '(a*)*b'])
      assert.equal(isRiskyPattern(risky), true, risky);
    for (const safe of [
      '^[a-z]+$',
      '^\\d{5}$',
      '^[A-Z]{2}-\\d{4}(-[a-z]+)?$',
      '^(ab|cd)$',
      'a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z+',
    ])
      assert.equal(isRiskyPattern(safe), false, safe);
  });
});
