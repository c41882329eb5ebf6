/**
 * A `@pattern` in RE2's syntax, keeping the meaning it has in JavaScript. Users write ECMAScript
 * patterns (`u` flag, as the OpenAPI document hands them to clients) and svc runs them on RE2JS
 * (linear-pattern.ts), whose syntax is close but not the same: its `\s` and `.` match less, it
 * spells `\u{1F600}` as `\x{1F600}`, reads `[[:alpha:]` as a POSIX class and `\12` as an octal
 * escape where JavaScript sees a backreference. So the pattern is rewritten token by token: a
 * literal becomes `\x{..}` unless it is a letter, digit or `_`; a group loses its capture (a
 * test needs none); `\s`, `\S` and `.` become the classes JavaScript means. What RE2 cannot run
 * (lookaround, backreferences) is reported, never approximated.
 *
 * The input must be a valid `u`-mode pattern (`new RegExp(pattern, 'u')` accepts it): the
 * reader trusts that grammar and does not check it again.
 */

export type Re2Translation = { re2: string } | { unsupported: string };

type Range = readonly [number, number];

/** ECMAScript's WhiteSpace and LineTerminator code points: what `\s` matches. */
const SPACE: readonly Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** The line terminators `.` does not match (RE2's `.` only leaves out `\n`). */
const LINE_TERMINATORS: readonly Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

const MAX_CODE_POINT = 0x10ffff;

const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

/** ECMAScript's long names (and aliases) of general categories; RE2 knows the short ones. */
const GENERAL_CATEGORIES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/** What RE2 cannot run, found while reading; toRe2Syntax turns it into its answer. */
class Unsupported extends Error {}

export function toRe2Syntax(pattern: string): Re2Translation {
  try {
    return { re2: new Reader(pattern).translate() };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message };
    throw error;
  }
}

/** A class member: its RE2 text, and its code point when it can end a range. */
interface ClassAtom {
  text: string;
  codePoint?: number;
}

class Reader {
  private pos = 0;

  constructor(private readonly text: string) {}

  translate(): string {
    let out = '';
    while (this.pos < this.text.length) out += this.term();
    return out;
  }

  /** One token. Anchors, alternation and quantifiers mean the same in RE2 and are copied. */
  private term(): string {
    const char = this.next();
    switch (char) {
      case '\\':
        return this.escape();
      case '[':
        return this.charClass();
      case '(':
        return this.group();
      case '.':
        return `[^${rangesText(LINE_TERMINATORS)}]`;
      case '{':
        // Always a quantifier: a lone brace is a syntax error in `u` mode.
        return char + this.through('}');
      case '^':
      case '$':
      case '|':
      case ')':
      case '*':
      case '+':
      case '?':
        return char;
      default:
        return literal(codePointOf(char));
    }
  }

  /** An escape outside a class. `\b`, `\d` and `\w` are ASCII in both engines. */
  private escape(): string {
    const char = this.next();
    if ('bBdDwW'.includes(char)) return `\\${char}`;
    if (char === 's') return `[${rangesText(SPACE)}]`;
    if (char === 'S') return `[^${rangesText(SPACE)}]`;
    if (char === 'p' || char === 'P') return this.property(char);
    if (char === 'k' || (char >= '1' && char <= '9')) throw new Unsupported('a backreference');
    return literal(this.characterEscape(char));
  }

  /** The code point of `\` + char: a control, hex or Unicode escape, or an escaped symbol. */
  private characterEscape(char: string): number {
    const control = CONTROL_ESCAPES[char];
    if (control !== undefined) return control;
    if (char === 'c') return codePointOf(this.next()) % 32;
    if (char === '0') return 0;
    if (char === 'x') return this.hex(2);
    if (char === 'u') return this.unicodeEscape();
    return codePointOf(char);
  }

  private unicodeEscape(): number {
    if (this.text[this.pos] === '{') return parseInt(this.through('}').slice(1, -1), 16);
    const unit = this.hex(4);
    // `\uD83D\uDE00` is one code point in `u` mode: a surrogate pair.
    const pair = /^\\u(d[c-f][0-9a-f]{2})/i.exec(this.text.slice(this.pos, this.pos + 6));
    if (unit < 0xd800 || unit > 0xdbff || !pair) return unit;
    this.pos += 6;
    return (unit - 0xd800) * 0x400 + (parseInt(pair[1] as string, 16) - 0xdc00) + 0x10000;
  }

  /** Groups become non-capturing: a test reads no captures, and RE2 then tracks none. */
  private group(): string {
    if (this.text[this.pos] !== '?') return '(?:';
    const head = this.text.slice(this.pos, this.pos + 3);
    if (head === '?<=' || head === '?<!') throw new Unsupported('a lookbehind');
    if (head.startsWith('?=') || head.startsWith('?!')) throw new Unsupported('a lookahead');
    if (head.startsWith('?:')) this.pos += 2;
    else if (head.startsWith('?<')) this.through('>');
    else throw new Unsupported('a modifier group');
    return '(?:';
  }

  /** `[...]`; `[]` matches nothing and `[^]` anything, which RE2 cannot spell. */
  private charClass(): string {
    const negated = this.text[this.pos] === '^';
    if (negated) this.pos++;
    let items = '';
    while (this.text[this.pos] !== ']') items += this.classItem();
    this.pos++;
    if (items === '') return `[${negated ? '' : '^'}${rangesText([[0, MAX_CODE_POINT]])}]`;
    return `[${negated ? '^' : ''}${items}]`;
  }

  /** An atom or a range `a-z` (a `-` before `]` is itself a member). */
  private classItem(): string {
    const from = this.classAtom();
    if (from.codePoint === undefined || this.text[this.pos] !== '-' || this.text[this.pos + 1] === ']')
      return from.text;
    this.pos++;
    return `${from.text}-${this.classAtom().text}`;
  }

  private classAtom(): ClassAtom {
    const char = this.next();
    if (char !== '\\') return member(codePointOf(char));
    const escaped = this.next();
    if ('dDwW'.includes(escaped)) return { text: `\\${escaped}` };
    if (escaped === 's') return { text: rangesText(SPACE) };
    if (escaped === 'S') return { text: rangesText(complement(SPACE)) };
    if (escaped === 'p' || escaped === 'P') return { text: this.property(escaped) };
    // In a class `\b` is a backspace, as in JavaScript.
    if (escaped === 'b') return member(0x08);
    return member(this.characterEscape(escaped));
  }

  /** `\p{...}`: JavaScript's `Script=Greek` and `Letter` are RE2's `Greek` and `L`. */
  private property(kind: string): string {
    const body = this.through('}').slice(1, -1);
    const [key, value] = body.includes('=') ? body.split('=') : [undefined, body];
    // Script_Extensions is not Script, and RE2 has no name for it.
    if (key === 'Script_Extensions' || key === 'scx')
      throw new Unsupported(`the Unicode property \\${kind}{${body}}`);
    const name = value as string;
    const isCategory = key === undefined || key === 'General_Category' || key === 'gc';
    return `\\${kind}{${(isCategory && GENERAL_CATEGORIES[name]) || name}}`;
  }

  /** The next code point (a surrogate pair is one). */
  private next(): string {
    const char = String.fromCodePoint(this.text.codePointAt(this.pos) as number);
    this.pos += char.length;
    return char;
  }

  /** The text from here through the next `end`, which the grammar guarantees is there. */
  private through(end: string): string {
    const stop = this.text.indexOf(end, this.pos) + 1;
    const part = this.text.slice(this.pos, stop);
    this.pos = stop;
    return part;
  }

  private hex(digits: number): number {
    const value = parseInt(this.text.slice(this.pos, this.pos + digits), 16);
    this.pos += digits;
    return value;
  }
}

function codePointOf(char: string): number {
  return char.codePointAt(0) as number;
}

function member(codePoint: number): ClassAtom {
  return { text: literal(codePoint), codePoint };
}

/** A letter, digit or `_` as itself; anything else as `\x{..}`, which no RE2 syntax can misread. */
function literal(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  return /^\w$/.test(char) ? char : `\\x{${codePoint.toString(16)}}`;
}

function rangesText(ranges: readonly Range[]): string {
  return ranges
    .map(([low, high]) => (low === high ? literal(low) : `${literal(low)}-${literal(high)}`))
    .join('');
}

/** Every code point outside `ranges` (sorted, disjoint): `\S` inside a class. */
function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [low, high] of ranges) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
