/**
 * The one lookahead shape RE2 can still answer: a run of them right after the leading `^`, as in
 * password rules (`^(?=.*\d)(?!.*\s).{8,}$`). Anchored at the start and with no `|` outside a
 * group, such a pattern matches exactly when each `(?=A)` body matches at the start, no `(?!B)`
 * body does, and the rest matches at the start: separate linear tests (linear-pattern.ts).
 *
 * Works on a valid `u`-mode pattern, which cannot quantify a lookahead.
 */

export interface LookaheadSplit {
  /** The `(?=...)` bodies: each must match at the start of the value. */
  required: string[];
  /** The `(?!...)` bodies: none may match at the start. */
  forbidden: string[];
  /** What follows them, to match at the start too (maybe empty). */
  rest: string;
}

export function splitLeadingLookaheads(pattern: string): LookaheadSplit | undefined {
  if (!pattern.startsWith('^') || hasTopLevelBar(pattern)) return undefined;
  const split: LookaheadSplit = { required: [], forbidden: [], rest: '' };
  let pos = 1;
  while (pattern.startsWith('(?=', pos) || pattern.startsWith('(?!', pos)) {
    const end = groupEnd(pattern, pos);
    const body = pattern.slice(pos + 3, end - 1);
    (pattern[pos + 2] === '=' ? split.required : split.forbidden).push(body);
    pos = end;
  }
  if (pos === 1) return undefined;
  split.rest = pattern.slice(pos);
  return split;
}

/** Whether `|` occurs outside every group: then `^` and the lookaheads govern one branch only. */
function hasTopLevelBar(pattern: string): boolean {
  let depth = 0;
  for (let pos = 0; pos < pattern.length; pos = next(pattern, pos)) {
    const char = pattern[pos];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

/** The index just past the `)` that closes the group opening at `open`. */
function groupEnd(pattern: string, open: number): number {
  let depth = 0;
  for (let pos = open; pos < pattern.length; pos = next(pattern, pos)) {
    if (pattern[pos] === '(') depth++;
    else if (pattern[pos] === ')' && --depth === 0) return pos + 1;
  }
  return pattern.length;
}

/** The index of the next token that can be a bracket or a bar: escapes and classes are skipped. */
function next(pattern: string, pos: number): number {
  if (pattern[pos] === '\\') return pos + 2;
  if (pattern[pos] !== '[') return pos + 1;
  let end = pos + 1;
  while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
  return end + 1;
}
