/**
 * A `@pattern` that can backtrack exponentially (`^(a+)+$`) would let one request block the
 * event loop; the runtime caps such patterns to a short length (runtime/validation/pattern.ts,
 * with the limit from model/pattern-limit.ts), and this says so at analysis time, so the
 * author can rewrite the pattern instead.
 *
 * Detection is safe-regex2's star-height test, run with no limit on the number of quantifiers:
 * a quantifier inside a quantified group is the shape behind exponential backtracking, and the
 * test is quick and has no false alarms on flat patterns, however long.
 */
import safeRegex from 'safe-regex2';
import { RISKY_PATTERN_LENGTH_LIMIT } from '../../model/pattern-limit.js';
import type { AnalyzerDiagnostic } from '../diagnostics.js';

/** Whether the pattern is valid (the runtime compiles it with the `u` flag) and nests quantifiers. */
export function isRiskyPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return !safeRegex(withoutOptionalGroups(pattern), { limit: Number.POSITIVE_INFINITY });
}

/**
 * safe-regex2 counts `?` as a quantifier, so `(-[a-z]+)?` would look nested; but a group that
 * occurs at most once cannot multiply the ways to match. Dropping the `?` after a group's `)`
 * (not an escaped `\)`) leaves the star height of every real repetition as it was.
 */
function withoutOptionalGroups(pattern: string): string {
  return pattern.replace(/(?<!\\)\)\?(?![?+*{])/g, ')');
}

export function riskyPatternWarning(pattern: string, file: string, line: number): AnalyzerDiagnostic {
  return {
    severity: 'warning',
    message:
      `${file}:${line}: warning: the @pattern '${pattern}' can take exponential time on some inputs ` +
      `(nested quantifier); it runs with a length limit of ${RISKY_PATTERN_LENGTH_LIMIT} characters at run time`,
    file,
    line,
  };
}
