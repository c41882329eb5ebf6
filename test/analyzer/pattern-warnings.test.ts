/**
 * The analyzer warns about a `@pattern` only when svc cannot run it in linear time (RE2 cannot:
 * a backreference, a lookahead other than right after `^`), naming the reason; test/security/pattern-linear.test.ts has
 * the warnings at their file:line and the run-time cap. Nested quantifiers, which backtrack
 * exponentially in RegExp, run on RE2 and get neither a warning nor a cap.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/analyzer/index.js';
import { backtrackingReason } from '../../src/analyzer/schema/pattern-check.js';

const root = fileURLToPath(new URL('../fixtures/security/app', import.meta.url));

describe('@pattern ReDoS warnings', () => {
  const result = analyzeProject({ root });

  it("no warning for the fixture's ^(a+)+$, at the property or the parameter", () => {
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    assert.deepEqual(warnings, []);
  });

  it('no length cap in its schema', () => {
    assert.deepEqual(result.model?.schemas.Code?.properties?.code, { type: 'string', pattern: '^(a+)+$' });
  });

  it('flag what RE2 cannot run, with the reason', () => {
    const reasons = Object.fromEntries(
      [
        'a(?=b)',
        '^a|(?=b)',
        '^(?=(?=a))',
        '(?<=x)y',
        '(?<!x)y',
        '^(a)\\1$',
        '^(?<q>a)\\k<q>$',
        '^(?=(a))\\1',
        'a{1001}',
        '(a{100}){100}',
        '\\p{ASCII}',
        '\\p{scx=Greek}',
      ].map((pattern) => [pattern, backtrackingReason(pattern)]),
    );
    const misplaced = 'a lookahead other than right after the leading ^';
    assert.deepEqual(reasons, {
      'a(?=b)': misplaced,
      '^a|(?=b)': misplaced,
      '^(?=(?=a))': misplaced,
      '(?<=x)y': 'a lookbehind',
      '(?<!x)y': 'a lookbehind',
      '^(a)\\1$': 'a backreference',
      '^(?<q>a)\\k<q>$': 'a backreference',
      '^(?=(a))\\1': 'a backreference',
      'a{1001}': 'a repeat count over 1000 ({1001}; nested counts multiply)',
      '(a{100}){100}': 'a repeat count over 1000 ({100}; nested counts multiply)',
      '\\p{ASCII}': 'the Unicode property \\p{ASCII}',
      '\\p{scx=Greek}': 'the Unicode property \\p{scx=Greek}',
    });
  });

  it('let every other pattern through, nested quantifiers included', () => {
    for (const linear of [
      '^(a+)+$',
      '^(\\w|\\d)+$',
      '^(\\w+\\s?)+$',
      '^((a+)+)+$',
      '(a*)*b',
      '^[a-z]+$',
      '^\\d{5}$',
      '^[A-Z]{2}-\\d{4}(-[a-z]+)?$',
      '^(?<year>\\d{4})-\\d{2}$',
      '^\\p{Letter}+$',
      '^\\p{Script=Greek}+$',
      'a{1000}',
      '^(?=.*\\d)(?=.*[a-z])(?!.*\\s).{8,}$',
      '^(?!admin$)',
      // Not a valid pattern at all: no verdict here.
      '(',
    ])
      assert.equal(backtrackingReason(linear), undefined, linear);
  });
});
