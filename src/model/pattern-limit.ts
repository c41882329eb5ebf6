/**
 * The `@pattern` length cap for patterns that stay on JavaScript's backtracking RegExp. Patterns
 * run on RE2JS in linear time (linear-pattern.ts); one that RE2 cannot run (a backreference, a
 * lookahead not right after `^`) is marked by the analyzer with PATTERN_LIMIT_KEY, and the validator never hands
 * it a value longer than the marked limit, nor longer than RISKY_PATTERN_LENGTH_LIMIT when the
 * mark is missing (docs/validation.md).
 */

/** The schema keyword that carries the cap for a risky pattern. */
export const PATTERN_LIMIT_KEY = 'x-svc-pattern-limit';

/** The same cap for a risky key pattern (`x-propertyNames`), beside it on the object schema. */
export const KEY_PATTERN_LIMIT_KEY = 'x-svc-key-pattern-limit';

/**
 * The cap for patterns left on the backtracking engine: short enough that even three nested
 * quantifiers (`((a+)+)+`) stay in the milliseconds.
 */
export const RISKY_PATTERN_LENGTH_LIMIT = 12;
