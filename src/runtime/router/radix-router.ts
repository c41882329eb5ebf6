/**
 * The production router. Static patterns live in one Map keyed by the full path (stored with
 * and without the trailing slash, so a static request costs one lookup and no string work).
 * Patterns with parameters live in a segment tree: each node has its static children in a Map
 * (compared in place while there are few, see SCAN_LIMIT) and at most one parameter child. A request walks the tree once, trying the static child
 * before the parameter child at every depth and backing out of dead ends, so the cost is the
 * number of segments, not the number of routes.
 */
import { RouteEntry } from './route-entry.js';
import { parseRouteSpec, type PatternSegment } from './route-spec.js';
import type { PathMatch, Router } from './types.js';

const SLASH = 47; // '/'

interface TreeNode<T> {
  /** Static children by segment text. */
  readonly statics: Map<string, TreeNode<T>>;
  /** The same children side by side, scanned in place while there are few of them (see staticChild). */
  readonly staticTexts: string[];
  readonly staticNodes: TreeNode<T>[];
  param: TreeNode<T> | undefined;
  entry: RouteEntry<T> | undefined;
}

/**
 * Up to this many static children a node compares them in place (`startsWith` at an offset);
 * beyond it, it slices the segment and looks it up in the Map. Slicing and hashing a fresh
 * string costs more than a few length checks.
 */
const SCAN_LIMIT = 8;

/** A static route's match, built once and shared by every request (frozen: read-only). */
interface StaticMatch<T> extends PathMatch<T> {
  readonly entry: RouteEntry<T>;
}

const NO_PARAMS: string[] = Object.freeze([] as string[]) as string[];

export class RadixRouter<T> implements Router<T> {
  readonly #statics = new Map<string, StaticMatch<T>>();
  readonly #root: TreeNode<T> = newNode();

  add(method: string, pattern: string, value: T, label: string): void {
    const spec = parseRouteSpec(method, pattern, label);
    const entry = spec.isStatic ? this.#staticEntry(spec.path) : this.#treeEntry(spec.segments);
    entry.add(spec.method, pattern, value, label);
  }

  match(path: string): PathMatch<T> | undefined {
    const staticMatch = this.#statics.get(path);
    if (staticMatch !== undefined) return staticMatch;
    if (path.charCodeAt(0) !== SLASH) return undefined;
    // One trailing slash is ignored (see stripTrailingSlash), without copying the string.
    const end = path.length > 2 && path.charCodeAt(path.length - 1) === SLASH ? path.length - 1 : path.length;
    if (end <= 1) return undefined; // the root is static: it was in the Map or it is not routed
    const params: string[] = [];
    const entry = walk(this.#root, path, 1, end, params);
    return entry === undefined ? undefined : { entry, params };
  }

  #staticEntry(path: string): RouteEntry<T> {
    const existing = this.#statics.get(path);
    if (existing !== undefined) return existing.entry;
    const shared: StaticMatch<T> = Object.freeze({ entry: new RouteEntry<T>(), params: NO_PARAMS });
    this.#statics.set(path, shared);
    if (path !== '/') this.#statics.set(path + '/', shared);
    return shared.entry;
  }

  #treeEntry(segments: readonly PatternSegment[]): RouteEntry<T> {
    let node = this.#root;
    for (const segment of segments) {
      if (segment.param) {
        node = node.param ??= newNode();
      } else {
        node = node.statics.get(segment.text) ?? addStaticChild(node, segment.text);
      }
    }
    return (node.entry ??= new RouteEntry<T>());
  }
}

function newNode<T>(): TreeNode<T> {
  return { statics: new Map(), staticTexts: [], staticNodes: [], param: undefined, entry: undefined };
}

function addStaticChild<T>(node: TreeNode<T>, text: string): TreeNode<T> {
  const child = newNode<T>();
  node.statics.set(text, child);
  node.staticTexts.push(text);
  node.staticNodes.push(child);
  return child;
}

/** The static child of `node` named by `path[start, stop)`, without copying it when it can. */
function staticChild<T>(
  node: TreeNode<T>,
  path: string,
  start: number,
  stop: number,
): TreeNode<T> | undefined {
  const texts = node.staticTexts;
  if (texts.length > SCAN_LIMIT) return node.statics.get(path.slice(start, stop));
  const length = stop - start;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    if (text.length === length && path.startsWith(text, start)) return node.staticNodes[i];
  }
  return undefined;
}

/**
 * Matches the segment that starts at `start` (just after a slash) and the rest of the path up
 * to `end` below `node`; pushes parameter values onto `params` and pops them when backing out.
 */
function walk<T>(
  node: TreeNode<T>,
  path: string,
  start: number,
  end: number,
  params: string[],
): RouteEntry<T> | undefined {
  let stop = path.indexOf('/', start);
  if (stop === -1 || stop > end) stop = end;
  if (stop === start) return undefined; // an empty segment matches nothing
  const isLast = stop === end;
  const child = staticChild(node, path, start, stop);
  if (child !== undefined) {
    const found = isLast ? child.entry : walk(child, path, stop + 1, end, params);
    if (found !== undefined) return found;
  }
  const paramChild = node.param;
  if (paramChild === undefined) return undefined;
  params.push(path.slice(start, stop));
  const found = isLast ? paramChild.entry : walk(paramChild, path, stop + 1, end, params);
  if (found === undefined) params.pop();
  return found;
}
