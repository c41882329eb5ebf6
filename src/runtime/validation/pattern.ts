/**
 * `@pattern` with a ReDoS safeguard. JavaScript regexes backtrack, so a pattern like `^(a+)+$`
 * takes exponential time on some inputs (29 characters: seconds). A value's length is
 * therefore capped before the regex sees it:
 * - with `maxLength`, that is the cap: a longer value already fails `maxLength`, and this check
 *   stays silent so the value gets one error, not two;
 * - without it, values over PATTERN_LENGTH_LIMIT fail with `is too long to check against its
 *   pattern`;
 * - the analyzer marks patterns that can backtrack exponentially with `x-svc-pattern-limit`
 *   (RISKY_PATTERN_LENGTH_LIMIT, both in src/model/pattern-limit.ts), which lowers the cap
 *   whatever `maxLength` says.
 * Used for text inputs (constraints.ts) and, as an ajv keyword, for bodies (ajv-schema.ts).
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { PATTERN_LIMIT_KEY } from '../../model/pattern-limit.js';

export { PATTERN_LIMIT_KEY };

/** The cap for patterns without `maxLength`: ample for the identifiers and codes patterns check. */
export const PATTERN_LENGTH_LIMIT = 1000;

export const TOO_LONG_FOR_PATTERN = 'is too long to check against its pattern';

/** What a check finds: undefined when the value passes, or when another check reports it. */
export type PatternOutcome = undefined | 'mismatch' | 'too-long';

export type PatternTest = (value: string) => PatternOutcome;

export function compilePattern(schema: JsonSchema & { pattern: string }): PatternTest {
  const regex = new RegExp(schema.pattern, 'u');
  const maxLength = schema.maxLength;
  const risky = schema[PATTERN_LIMIT_KEY];
  const limit =
    typeof risky === 'number' ? Math.min(risky, maxLength ?? risky) : (maxLength ?? PATTERN_LENGTH_LIMIT);
  return (value) => {
    // UTF-16 length first: it is never below the code point count, so a value within the
    // limit by it needs no counting.
    if (value.length > limit) {
      const length = codePointLength(value);
      if (maxLength !== undefined && length > maxLength) return undefined;
      if (length > limit) return 'too-long';
    }
    return regex.test(value) ? undefined : 'mismatch';
  };
}

/** Counts code points, as JSON Schema (and ajv) do, so an emoji is one character. */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) length--;
  }
  return length;
}
