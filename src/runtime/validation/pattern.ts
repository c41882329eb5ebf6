/**
 * `@pattern` without ReDoS. JavaScript's RegExp backtracks, so a pattern like `^(\w|\d)+$` takes
 * exponential time on some inputs (29 characters: 5 s, each more doubling it). Patterns therefore
 * run on RE2JS, whose time is linear in the value's length (model/linear-pattern.ts, which also
 * keeps JavaScript's meaning of the syntax). A pattern RE2 cannot run (a backreference, a
 * lookahead not right after `^`) stays on RegExp with a short length cap, and the analyzer
 * warns about it.
 *
 * A value's length is capped before either engine sees it:
 * - with `maxLength`, that is the cap: a longer value already fails `maxLength`, and this check
 *   stays silent so the value gets one error, not two;
 * - without it, values over PATTERN_LENGTH_LIMIT fail with `is too long to check against its
 *   pattern`: linear time still grows with the length, by more for a large pattern;
 * - a pattern left on RegExp is capped at RISKY_PATTERN_LENGTH_LIMIT whatever `maxLength` says,
 *   or at the `svc.patternLimit` its schema carries (src/model/pattern-limit.ts).
 * Used, as an ajv keyword (ajv-pattern.ts, ajv-schema.ts), for bodies and text inputs alike.
 */
import { compileLinear } from '../../model/linear-pattern.js';
import { RISKY_PATTERN_LENGTH_LIMIT } from '../../model/pattern-limit.js';

/** The cap for patterns without `maxLength`: ample for the identifiers and codes patterns check. */
export const PATTERN_LENGTH_LIMIT = 1000;

export const TOO_LONG_FOR_PATTERN = 'is too long to check against its pattern';

/** What a check finds: undefined when the value passes, or when another check reports it. */
export type PatternOutcome = undefined | 'mismatch' | 'too-long';

export type PatternTest = (value: string) => PatternOutcome;

interface Matcher {
  test: (value: string) => boolean;
  /** False for a pattern left on JavaScript's backtracking RegExp. */
  linear: boolean;
}

/**
 * Compiled matchers by pattern text. The patterns are the app's own, a fixed set, so this only
 * grows with the app; it lets every schema with a pattern share one compiled engine (and its DFA
 * cache), and the error path recompile a key's pattern for free (ajv-errors.ts).
 */
const matchers = new Map<string, Matcher>();

/** A pattern and its caps: the schema's `maxLength`, and the `svc.patternLimit` the analyzer marked. */
export interface PatternCaps {
  pattern: string;
  maxLength?: number | undefined;
  limit?: number | undefined;
}

export function compilePattern(caps: PatternCaps): PatternTest {
  const { test, linear } = matcherFor(caps.pattern);
  const maxLength = caps.maxLength;
  const marked = caps.limit;
  const risky = typeof marked === 'number' ? marked : linear ? undefined : RISKY_PATTERN_LENGTH_LIMIT;
  const limit =
    risky !== undefined ? Math.min(risky, maxLength ?? risky) : (maxLength ?? PATTERN_LENGTH_LIMIT);
  return (value) => {
    // UTF-16 length first: it is never below the code point count, so a value within the
    // limit by it needs no counting.
    if (value.length > limit) {
      const length = codePointLength(value);
      if (maxLength !== undefined && length > maxLength) return undefined;
      if (length > limit) return 'too-long';
    }
    return test(value) ? undefined : 'mismatch';
  };
}

function matcherFor(pattern: string): Matcher {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    // RegExp first: it throws on an invalid pattern, and the translation assumes a valid one.
    const regex = new RegExp(pattern, 'u');
    const linear = compileLinear(pattern);
    matcher =
      'test' in linear
        ? { test: linear.test, linear: true }
        : { test: (value) => regex.test(value), linear: false };
    matchers.set(pattern, matcher);
  }
  return matcher;
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
