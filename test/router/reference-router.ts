/**
 * The reference router: simple enough to be obviously correct, so the shared behaviour suite
 * can hold the fast RadixRouter to the same answers. Every shape is one anchored regular
 * expression; a request tries them all and keeps the most static match (compared segment by
 * segment from the left, a static segment beats a parameter).
 */
import { RouteEntry } from '../../src/runtime/router/route-entry.js';
import { parseRouteSpec, type RouteSpec } from '../../src/runtime/router/route-spec.js';
import type { PathMatch, Router } from '../../src/runtime/router/types.js';

interface CompiledShape<T> {
  readonly shape: string;
  readonly regex: RegExp;
  /** One character per segment, '0' static and '1' parameter: the smallest rank wins. */
  readonly rank: string;
  readonly entry: RouteEntry<T>;
}

export class ReferenceRouter<T> implements Router<T> {
  readonly #shapes: CompiledShape<T>[] = [];

  add(method: string, pattern: string, value: T, label: string): void {
    const spec = parseRouteSpec(method, pattern, label);
    let compiled = this.#shapes.find((candidate) => candidate.shape === spec.shape);
    if (compiled === undefined) {
      compiled = compile<T>(spec);
      this.#shapes.push(compiled);
    }
    compiled.entry.add(spec.method, pattern, value, label);
  }

  match(path: string): PathMatch<T> | undefined {
    let best: { shape: CompiledShape<T>; groups: RegExpExecArray } | undefined;
    for (const shape of this.#shapes) {
      const groups = shape.regex.exec(path);
      if (groups !== null && (best === undefined || shape.rank < best.shape.rank)) best = { shape, groups };
    }
    return best && { entry: best.shape.entry, params: best.groups.slice(1) as string[] };
  }
}

function compile<T>(spec: RouteSpec): CompiledShape<T> {
  const body = spec.segments.map((s) => '/' + (s.param ? '([^/]+)' : escapeRegex(s.text))).join('');
  // The root matches `/` only; any other shape also matches with one trailing slash.
  const source = body === '' ? '^/$' : `^${body}/?$`;
  return {
    shape: spec.shape,
    regex: new RegExp(source),
    rank: spec.segments.map((s) => (s.param ? '1' : '0')).join(''),
    entry: new RouteEntry<T>(),
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
