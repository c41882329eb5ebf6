/**
 * The production router. Static patterns live in one Map keyed by the full path (stored with
 * and without the trailing slash, so a static request costs one lookup and no string work); a
 * table of the lengths those keys have lets a path of any other length skip the lookup, and with
 * it the hashing of a fresh string. Patterns with parameters live in a segment tree: each node
 * has its static children in a Map (compared in place while there are few, see SCAN_LIMIT) and at
 * most one parameter child. A request walks the tree once, trying the static child before the
 * parameter child at every depth and backing out of dead ends, so the cost is the number of
 * segments, not the number of routes. The walk notes where each parameter value starts and ends
 * and cuts the strings only once the whole path matched.
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
  /** How many parameter segments lead to this node: the number of values a match here gives. */
  readonly depth: number;
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
  /** `#staticLengths[n]` is 1 when some key of `#statics` is `n` characters long. */
  #staticLengths = new Uint8Array(0);
  readonly #root: TreeNode<T> = newNode(0);
  /** Start and end of each parameter value of the walk under way (see walk); sized at `add`. */
  #bounds = new Int32Array(0);

  add(method: string, pattern: string, value: T, label: string): void {
    const spec = parseRouteSpec(method, pattern, label);
    const entry = spec.isStatic ? this.#staticEntry(spec.path) : this.#treeEntry(spec.segments);
    entry.add(spec.method, pattern, value, label);
  }

  match(path: string): PathMatch<T> | undefined {
    const length = path.length;
    if (length < this.#staticLengths.length && this.#staticLengths[length] === 1) {
      const staticMatch = this.#statics.get(path);
      if (staticMatch !== undefined) return staticMatch;
    }
    if (path.charCodeAt(0) !== SLASH) return undefined;
    // One trailing slash is ignored (see stripTrailingSlash), without copying the string.
    const end = length > 2 && path.charCodeAt(length - 1) === SLASH ? length - 1 : length;
    if (end <= 1) return undefined; // the root is static: it was in the Map or it is not routed
    const leaf = walk(this.#root, path, 1, end, this.#bounds, 0);
    if (leaf === undefined) return undefined;
    return { entry: leaf.entry as RouteEntry<T>, params: paramValues(path, this.#bounds, leaf.depth) };
  }

  #staticEntry(path: string): RouteEntry<T> {
    const existing = this.#statics.get(path);
    if (existing !== undefined) return existing.entry;
    const shared: StaticMatch<T> = Object.freeze({ entry: new RouteEntry<T>(), params: NO_PARAMS });
    this.#addStatic(path, shared);
    if (path !== '/') this.#addStatic(path + '/', shared);
    return shared.entry;
  }

  #addStatic(key: string, shared: StaticMatch<T>): void {
    this.#statics.set(key, shared);
    if (key.length >= this.#staticLengths.length) {
      const grown = new Uint8Array(key.length + 1);
      grown.set(this.#staticLengths);
      this.#staticLengths = grown;
    }
    this.#staticLengths[key.length] = 1;
  }

  #treeEntry(segments: readonly PatternSegment[]): RouteEntry<T> {
    let node = this.#root;
    for (const segment of segments) {
      if (segment.param) {
        node = node.param ??= newNode(node.depth + 1);
      } else {
        node = node.statics.get(segment.text) ?? addStaticChild(node, segment.text);
      }
    }
    if (this.#bounds.length < 2 * node.depth) this.#bounds = new Int32Array(2 * node.depth);
    return (node.entry ??= new RouteEntry<T>());
  }
}

function newNode<T>(depth: number): TreeNode<T> {
  return { statics: new Map(), staticTexts: [], staticNodes: [], param: undefined, entry: undefined, depth };
}

function addStaticChild<T>(node: TreeNode<T>, text: string): TreeNode<T> {
  const child = newNode<T>(node.depth);
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
 * to `end` below `node`; gives the node that holds the matched entry. The `k`-th parameter value
 * on the way is noted as the pair `bounds[2k]`, `bounds[2k + 1]`: backing out of a dead end
 * leaves nothing to undo (a later pair overwrites it), and no string is cut here.
 */
function walk<T>(
  node: TreeNode<T>,
  path: string,
  start: number,
  end: number,
  bounds: Int32Array,
  k: number,
): TreeNode<T> | undefined {
  let stop = path.indexOf('/', start);
  if (stop === -1 || stop > end) stop = end;
  if (stop === start) return undefined; // an empty segment matches nothing
  const isLast = stop === end;
  const child = staticChild(node, path, start, stop);
  if (child !== undefined) {
    const found = isLast ? withEntry(child) : walk(child, path, stop + 1, end, bounds, k);
    if (found !== undefined) return found;
  }
  const paramChild = node.param;
  if (paramChild === undefined) return undefined;
  bounds[2 * k] = start;
  bounds[2 * k + 1] = stop;
  return isLast ? withEntry(paramChild) : walk(paramChild, path, stop + 1, end, bounds, k + 1);
}

function withEntry<T>(node: TreeNode<T>): TreeNode<T> | undefined {
  return node.entry === undefined ? undefined : node;
}

/** The raw parameter values of a match, cut from `path` where the walk noted them. */
function paramValues(path: string, bounds: Int32Array, count: number): string[] {
  const values = new Array<string>(count);
  for (let i = 0; i < count; i++) values[i] = path.slice(bounds[2 * i], bounds[2 * i + 1]);
  return values;
}
