/**
 * A `@pattern` compiled for RE2JS, a pure-JavaScript port of RE2: its time is linear in the
 * value's length whatever the pattern, where JavaScript's backtracking RegExp can take
 * exponential time (`^(\w|\d)+$` on 29 characters: 5 s). The runtime runs every pattern this
 * accepts on it (runtime/validation/pattern.ts); the analyzer asks it which patterns it refuses
 * and warns at their declaration (analyzer/schema/pattern-check.ts), so both judge alike.
 *
 * re2js is loaded on the first pattern, with require: an app without patterns never pays its
 * ~45 ms of loading.
 */
import { createRequire } from 'node:module';
import type * as Re2js from 're2js';
import { splitLeadingLookaheads, type LookaheadSplit } from './lookahead-split.js';
import { toRe2Syntax } from './re2-syntax.js';

/** Either the test, or why the pattern cannot run on RE2 (`a lookahead`, ...). */
export type LinearPattern = { test: (value: string) => boolean } | { unsupported: string };

let engine: typeof Re2js | undefined;

function re2js(): typeof Re2js {
  engine ??= createRequire(import.meta.url)('re2js') as typeof Re2js;
  return engine;
}

const LOOKAHEAD = 'a lookahead';

/**
 * `pattern` must be a valid JavaScript pattern under the `u` flag. Lookaheads right after the
 * leading `^` become tests of their own (lookahead-split.ts); any other is refused.
 */
export function compileLinear(pattern: string): LinearPattern {
  const whole = compileWhole(pattern);
  if (!('unsupported' in whole) || whole.unsupported !== LOOKAHEAD) return whole;
  const split = splitLeadingLookaheads(pattern);
  const parts = split && compileSplit(split);
  return parts && !('unsupported' in parts && parts.unsupported === LOOKAHEAD)
    ? parts
    : { unsupported: `${LOOKAHEAD} other than right after the leading ^` };
}

type LinearTest = (value: string) => boolean;

/** Each part is tested at the start of the value, as `^(?:part)`. */
function compileSplit({ required, forbidden, rest }: LookaheadSplit): LinearPattern {
  const atStart = (part: string) => compileWhole(`^(?:${part})`);
  const musts = [...required, rest].map(atStart);
  const mustNots = forbidden.map(atStart);
  const refused = [...musts, ...mustNots].find((part) => 'unsupported' in part);
  if (refused) return refused;
  const pass = musts.map(testOf);
  const fail = mustNots.map(testOf);
  return { test: (value) => pass.every((test) => test(value)) && !fail.some((test) => test(value)) };
}

function testOf(part: LinearPattern): LinearTest {
  return (part as { test: LinearTest }).test;
}

function compileWhole(pattern: string): LinearPattern {
  const translation = toRe2Syntax(pattern);
  if ('unsupported' in translation) return translation;
  const { RE2JS, RE2JSSyntaxException } = re2js();
  try {
    // RegExp.test's meaning, a match anywhere, is RE2JS's test. The `.*?` in front changes no
    // answer but keeps an anchored `^...$` off RE2JS's one-pass engine, several times slower
    // than its lazy DFA for a yes/no answer (`^[a-z0-9-]+$` on 20 characters: 0.9 against 6.3 µs
    // at load 14; testExact of `.*?(?:p).*` took 2.1).
    const compiled = RE2JS.compile(`(?s:.*?)(?:${translation.re2})`);
    return { test: (value) => compiled.test(value) };
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return { unsupported: refusal(error) };
    throw error;
  }
}

/** RE2's reason, in the user's terms where it needs them. */
function refusal(error: Re2js.RE2JSSyntaxException): string {
  const description = error.getDescription();
  const where = error.getPattern();
  if (description === 'invalid repeat count')
    return `a repeat count over 1000 (${where ?? ''}; nested counts multiply)`;
  // RE2 reads an unknown `\p{...}` name as a bad class.
  if (where?.startsWith('\\p{') || where?.startsWith('\\P{')) return `the Unicode property ${where}`;
  return where === null ? description : `${description}: ${where}`;
}
