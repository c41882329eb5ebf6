/**
 * The `@pattern` length cap for patterns that stay on JavaScript's backtracking RegExp. Patterns
 * run on RE2JS in linear time (linear-pattern.ts); one that RE2 cannot run (a backreference, a
 * lookahead not right after `^`) is marked by the analyzer with the hint `svc.patternLimit` (or
 * `svc.keyPatternLimit` for `propertyNames.pattern`), and the validator never hands
 * it a value longer than the marked limit, nor longer than RISKY_PATTERN_LENGTH_LIMIT when the
 * mark is missing (docs/validation.md).
 */

/**
 * The cap for patterns left on the backtracking engine: short enough that even three nested
 * quantifiers (`((a+)+)+`) stay in the milliseconds.
 */
export const RISKY_PATTERN_LENGTH_LIMIT = 12;
