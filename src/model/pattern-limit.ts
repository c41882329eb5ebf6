/**
 * The `@pattern` length cap the analyzer writes into a schema and the validator obeys. JavaScript
 * regexes backtrack, so a pattern that can backtrack exponentially (`^(a+)+$`) is marked by the
 * analyzer with PATTERN_LIMIT_KEY, and the validator never hands it a value longer than the
 * marked limit (docs/validation.md).
 */

/** The schema keyword that carries the cap for a risky pattern. */
export const PATTERN_LIMIT_KEY = 'x-svc-pattern-limit';

/** The same cap for a risky key pattern (`x-propertyNames`), beside it on the object schema. */
export const KEY_PATTERN_LIMIT_KEY = 'x-svc-key-pattern-limit';

/**
 * The cap for patterns the analyzer found can backtrack exponentially: short enough that even
 * three nested quantifiers (`((a+)+)+`) stay in the milliseconds.
 */
export const RISKY_PATTERN_LENGTH_LIMIT = 12;
