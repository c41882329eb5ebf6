/**
 * The linear-time engine keeps JavaScript's meaning of a `@pattern` (the `u` flag, as the OpenAPI
 * document hands it to clients): on the places RE2's syntax reads differently (`\s`, `.`,
 * `\u{...}`, `[^]`, `\p{Letter}`, a `[` inside a class), on lookaheads after `^` (split into
 * tests of their own) and on a seeded sweep of generated patterns, it accepts exactly the values
 * RegExp accepts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileLinear } from '../../src/model/linear-pattern.js';

/** The values among `values` that `pattern` accepts, on RE2 (which must run it) and on RegExp. */
function accepted(pattern: string, values: readonly string[]): { linear: string[]; regexp: string[] } {
  const linear = compileLinear(pattern);
  if ('unsupported' in linear)
    throw new Error(`${pattern} does not run in linear time: ${linear.unsupported}`);
  const regex = new RegExp(pattern, 'u');
  return { linear: values.filter(linear.test), regexp: values.filter((value) => regex.test(value)) };
}

const SPACES = [' ', '\t', '\v', '\f', '\n', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028'];
const MORE_SPACES = ['\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u180e', 'a', ''];
const CHARACTERS = ['a', 'é', '😀', '\ud800', '\n', '\r', '\u2028', '\u2029', '\u0085', '', 'ab'];

const CASES: Record<string, readonly string[]> = {
  '^\\s+$': [...SPACES, ...MORE_SPACES],
  '^\\S$': [...SPACES, ...MORE_SPACES],
  '^[\\s\\d]+$': ['1 2', '1\u00a02', '1\u20282', '1_2', '1\ufeff'],
  '^[^\\S\\n]+$': [' ', '\n', '\u00a0', 'a', ' \n'],
  '^.$': CHARACTERS,
  '^[^a]$': CHARACTERS,
  '^[]$': CHARACTERS,
  '^[^]$': CHARACTERS,
  '^\\u{1F600}\\uD83D\\uDE00$': ['😀😀', '😀', '\ud83d\ude00\ud83d'],
  '^[\\u00e0-\\u00ff]+$': ['é', 'àÿ', 'a', 'Ā'],
  '^\\p{Letter}+$': ['héllo', 'Ωμέγα', 'abc1', 'дом', '😀'],
  '^\\p{Script=Greek}+$': ['Ωμέγα', 'abc', 'Ω1'],
  '^\\P{Lu}+$': ['abc', 'aBc', '123'],
  '^[[:a]+$': ['[:a', 'a', 'b', '[[:alpha:]'],
  '^[a\\-z]+$': ['a-z', 'b', '-'],
  '^[--/]+$': ['-./', ',', '0'],
  '^\\cJ[\\b]\\0$': ['\n\b\0', 'J\b\0'],
  '^a\\.b\\/c$': ['a.b/c', 'axb/c'],
  '^\\d+$': ['123', '١٢٣', '12a'],
  '^\\w+\\b': ['abc', 'é', 'a_1', '-'],
  '^a$': ['a', 'a\n', '\na', 'ba'],
  a$: ['ba', 'ab', 'a\n'],
  '^(?:ab|cd)*$|^x': ['abcd', 'abc', 'xyz', '', 'yx'],
  '^(?<year>\\d{4})-(\\d{2})$': ['2024-05', '2024-5', '24-05'],
  '^a{2,3}?$': ['a', 'aa', 'aaa', 'aaaa'],
  '^(\\w|\\d)+$': ['abc123', '111!', ''],
  '^(?=.*\\d)(?=.*[a-z])(?!.*\\s).{8,}$': [
    'abcdefg1',
    'abcdefgh',
    '1234567a',
    'abc defg1',
    'abc1',
    'a\n1bcdefg',
  ],
  '^(?!admin$)\\w+': ['admin', 'admins', 'root', 'admin\n', ''],
  '^(?=[(|])(?:\\(|\\|)x': ['(x', '|x', 'x', '((x'],
  '^(?=a)': ['a', 'ba', ''],
};

describe('the linear-time engine reads a pattern as JavaScript does', () => {
  for (const [pattern, values] of Object.entries(CASES)) {
    it(pattern, () => {
      const { linear, regexp } = accepted(pattern, values);
      assert.deepEqual(linear, regexp);
    });
  }

  it('on 1,000 generated patterns and 8 values each (seeded)', () => {
    assert.deepEqual(
      sweep(seeded(20240501), 1000, (random) => generated(random, 2)),
      [],
    );
  });

  it('on 500 generated patterns that start with lookaheads (seeded)', () => {
    assert.deepEqual(sweep(seeded(20240502), 500, withLookaheads), []);
  });
});

/** The patterns among `count` generated ones on which the two engines disagree, with the values. */
function sweep(
  random: (below: number) => number,
  count: number,
  generate: (random: (below: number) => number) => string,
): string[] {
  const disagreements: string[] = [];
  for (let index = 0; index < count; index++) {
    const pattern = generate(random);
    try {
      new RegExp(pattern, 'u');
    } catch {
      continue;
    }
    const values = Array.from({ length: 8 }, () => value(random));
    const { linear, regexp } = accepted(pattern, values);
    if (linear.join('\0') !== regexp.join('\0')) disagreements.push(`${pattern}: ${JSON.stringify(values)}`);
  }
  return disagreements;
}

const ATOMS = [
  'a',
  'b',
  '.',
  '\\s',
  '\\S',
  '\\d',
  '\\w',
  '\\W',
  '[a-c]',
  '[^ab]',
  '[\\s\\d]',
  '[^\\S]',
  '\\u00e9',
  '\\u{1F600}',
  '😀',
  '\\n',
  '\\.',
  '\\u2028',
  '\\xa0',
  '\\p{L}',
  '\\P{Lu}',
  '[\\p{N}x]',
  '[]',
  '[^]',
  '\\b',
  '^',
  '$',
];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '*?'];
const VALUE_CHARACTERS = [
  'a',
  'b',
  '1',
  ' ',
  '\n',
  '\r',
  '\u2028',
  '\u00a0',
  '\ufeff',
  'é',
  '😀',
  '\ud800',
  '.',
  'Z',
];

function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % below;
  };
}

function generated(random: (below: number) => number, depth: number): string {
  let out = '';
  for (let count = 1 + random(3); count > 0; count--) {
    const group = depth > 0 && random(4) === 0;
    const alternative = random(3) === 0 ? `|${generated(random, depth - 1)}` : '';
    const atom = group
      ? `(${generated(random, depth - 1)}${alternative})`
      : (ATOMS[random(ATOMS.length)] as string);
    out +=
      atom === '^' || atom === '$' || atom === '\\b' ? atom : atom + QUANTIFIERS[random(QUANTIFIERS.length)];
  }
  return out;
}

/** `^`, one to three `(?=...)` or `(?!...)`, and maybe more pattern after them. */
function withLookaheads(random: (below: number) => number): string {
  let out = '^';
  for (let count = 1 + random(3); count > 0; count--)
    out += `(?${random(2) ? '=' : '!'}${generated(random, 1)})`;
  return random(4) === 0 ? out : out + generated(random, 1);
}

function value(random: (below: number) => number): string {
  let out = '';
  for (let length = random(6); length > 0; length--) out += VALUE_CHARACTERS[random(VALUE_CHARACTERS.length)];
  return out;
}
