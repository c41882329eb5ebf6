/**
 * JSON.parse that is safe against prototype poisoning and against deep nesting.
 * - Arrays and objects nested more than `maxDepth` levels are refused before parsing
 *   (`JsonTooDeepError`). Everything after the parser that follows a value's shape recurses
 *   (ajv's validators, the revivers, a serializer echoing it, the handler's own code) and would
 *   run out of call stack; and V8's parser spends ~10 times as long on a level of nesting as on
 *   an array beside others (1 MB of `[[[…]]]`: 0.9 s; 1 MB of `[[],[],…]`: 60 ms). The scan
 *   stops at the first level past the limit, and skips texts too short to nest that deep (any
 *   body under 258 characters).
 * - `__proto__` keys and `constructor: {prototype: ...}` keys are dropped after parsing, the way
 *   secure-json-parse does it. That scan runs only when the text mentions either word, so
 *   ordinary bodies pay one `indexOf` each.
 */

const PROTO = '__proto__';
const CONSTRUCTOR = 'constructor';

/** Nesting a JSON body may have: each array and each object is a level; `[[]]` has two. */
export const MAX_JSON_DEPTH = 128;

export class JsonTooDeepError extends Error {
  constructor(readonly limit: number) {
    super(`nested more than ${limit} levels deep`);
  }
}

export function parseJsonSafely(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  // `maxDepth + 1` levels take that many brackets to open and as many to close.
  if (text.length > 2 * maxDepth + 1 && nestsDeeperThan(text, maxDepth)) throw new JsonTooDeepError(maxDepth);
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object') return value;
  if (text.indexOf(PROTO) === -1 && text.indexOf(CONSTRUCTOR) === -1) return value;
  scrub(value);
  return value;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** `[` and `{` (and `]` and `}`) differ in one bit: setting it folds each pair into one test. */
const CASE_BIT = 0x20;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/**
 * Counts brackets outside strings, one character at a time; a string is skipped whole by
 * `indexOf`. Malformed text gets an answer too, and the parser refuses it afterwards.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    const folded = code | CASE_BIT;
    if (folded === OPEN) {
      if (++depth > limit) return true;
    } else if (folded === CLOSE) depth--;
    else if (code === QUOTE) index = endOfString(text, index);
  }
  return false;
}

/** The index of the quote closing the string opened at `start` (one not escaped by a `\`). */
function endOfString(text: string, start: number): number {
  let index = start;
  for (;;) {
    index = text.indexOf('"', index + 1);
    if (index === -1) return text.length;
    let before = index - 1;
    while (text.charCodeAt(before) === BACKSLASH) before--;
    if ((index - 1 - before) % 2 === 0) return index;
  }
}

/** Walks the parsed tree (iteratively: deep JSON must not overflow the stack) dropping poisoned keys. */
function scrub(root: object): void {
  const pending: object[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    if (Object.hasOwn(node, PROTO)) delete node[PROTO];
    const ctor = Object.hasOwn(node, CONSTRUCTOR) ? node[CONSTRUCTOR] : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype'))
      delete node[CONSTRUCTOR];
    for (const key in node) {
      const child = node[key];
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
}
