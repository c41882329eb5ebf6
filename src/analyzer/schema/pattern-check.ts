/**
 * The `@pattern`s svc cannot run in linear time. The runtime runs patterns on RE2JS
 * (model/linear-pattern.ts), whose time is linear in the value's length whatever the pattern;
 * one RE2 cannot run (a backreference, a lookahead not right after `^`, a repeat count over
 * 1000) stays on JavaScript's backtracking RegExp, which can take exponential time, so the
 * runtime caps it to a short length (runtime/validation/pattern.ts, with the limit from
 * model/pattern-limit.ts). This says so at analysis time, with the reason, so the author can
 * rewrite the pattern instead.
 *
 * The verdict is the runtime's own: the same translation and the same RE2JS compile.
 */
import { compileLinear } from '../../model/linear-pattern.js';
import { RISKY_PATTERN_LENGTH_LIMIT } from '../../model/pattern-limit.js';
import type { AnalyzerDiagnostic } from '../diagnostics.js';

/**
 * Why the pattern must run on the backtracking engine, or undefined when RE2 runs it. A pattern
 * invalid under the `u` flag (the runtime's) gets no verdict here: it never runs at all.
 */
export function backtrackingReason(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const linear = compileLinear(pattern);
  return 'unsupported' in linear ? linear.unsupported : undefined;
}

export function riskyPatternWarning(
  pattern: string,
  reason: string,
  file: string,
  line: number,
): AnalyzerDiagnostic {
  return {
    severity: 'warning',
    message:
      `${file}:${line}: warning: the @pattern '${pattern}' cannot run in linear time (${reason}); ` +
      `it runs on JavaScript's backtracking RegExp with a length limit of ${RISKY_PATTERN_LENGTH_LIMIT} ` +
      'characters at run time',
    file,
    line,
  };
}
