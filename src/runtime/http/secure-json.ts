/**
 * JSON.parse that is safe against prototype poisoning: `__proto__` keys and
 * `constructor: {prototype: ...}` keys are dropped after parsing, the way secure-json-parse
 * does it. The scan runs only when the text mentions either word, so ordinary bodies pay
 * one `indexOf` each.
 */

const PROTO = '__proto__';
const CONSTRUCTOR = 'constructor';

export function parseJsonSafely(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object') return value;
  if (text.indexOf(PROTO) === -1 && text.indexOf(CONSTRUCTOR) === -1) return value;
  scrub(value);
  return value;
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
