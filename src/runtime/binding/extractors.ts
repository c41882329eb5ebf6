/**
 * One extractor per parameter, chosen at start-up by the parameter's source: a plain
 * property read on the exchange per request, never a search. A route's own path parameters are
 * read by their position in the route's path (the router gives the values in that order).
 */
import type { ParamModel } from '../../model/app-model.js';
import { isWireSource, type SvcValueSource, type WireSource } from '../../model/param-sources.js';
import { svcTypeOf } from '../../model/rich-types.js';
import type { Exchange } from '../http/exchange.js';

export type Extractor = (ex: Exchange) => unknown;

/**
 * `pathNames`: the parameter names of the route's path, in order, when the extractor serves that
 * route alone (a component's method serves many routes: it reads `params` by name).
 */
export function compileExtractor(param: ParamModel, pathNames?: readonly string[]): Extractor {
  const source = param.source;
  return isWireSource(source) ? requestExtractor(param, source, pathNames) : svcValueExtractor(param, source);
}

/** A source the request carries (src/model/param-sources.ts says which). */
function requestExtractor(param: ParamModel, source: WireSource, pathNames?: readonly string[]): Extractor {
  const key = param.key;
  const name = key as string;
  const inherited = typeof key === 'string' && key in Object.prototype;
  switch (source) {
    case 'path': {
      const position = pathNames?.indexOf(name) ?? -1;
      if (position !== -1) return (ex) => ex.pathParam(position, name);
      return inherited ? ownValue(name, (ex) => ex.params) : (ex) => ex.params[name];
    }
    case 'query':
      if (param.wholeObject) return (ex) => ex.query;
      return inherited ? ownValue(name, (ex) => ex.query) : (ex) => ex.query[name];
    case 'header': {
      // Node lower-cases incoming header names; the key keeps the spelling the user wrote.
      const header = name.toLowerCase();
      return header in Object.prototype ? ownValue(header, (ex) => ex.headers) : (ex) => ex.headers[header];
    }
    case 'cookie':
      return inherited ? ownValue(name, (ex) => ex.cookies) : (ex) => ex.cookies[name];
    case 'body':
      return bodyExtractor(Array.isArray(key) ? key : [key]);
  }
}

/** A value svc hands over itself. */
function svcValueExtractor(param: ParamModel, source: SvcValueSource): Extractor {
  switch (source) {
    case 'data':
      return dataExtractor(param);
    case 'ctx':
      return (ex) => ex.context;
    case 'messages':
      return (ex) => ex.messages;
    case 'next':
      return (ex) => ex.next;
    case 'signal':
      return (ex) => ex.signal;
  }
}

/**
 * A value by name from a record of request text. Node's `req.headers` is a plain object, and a
 * pre-interceptor may replace `ctx.request.query` or `cookies` with one: there a header or cookie
 * named `constructor` must not find `Object.prototype.constructor`. Only names a plain object
 * inherits take this path; every other name keeps the plain read.
 */
function ownValue(key: string, record: (ex: Exchange) => Record<string, unknown>): Extractor {
  return (ex) => {
    const values = record(ex);
    return Object.hasOwn(values, key) ? values[key] : undefined;
  };
}

/** The whole body, or the value at a key path (own properties only). */
function bodyExtractor(path: readonly string[]): Extractor {
  if (path.length === 0) return (ex) => ex.body;
  return (ex) => {
    let value = ex.body;
    for (const segment of path) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
      value = (value as Record<string, unknown>)[segment];
    }
    return value;
  };
}

/** `@Data()` typed `DataHolder` binds the holder: the analyzer marks its schema `svc.rich: DataHolder`. */
function dataExtractor(param: ParamModel): Extractor {
  const key = param.key as string;
  if (svcTypeOf(param.schema) === 'DataHolder') return (ex) => ex.context?.data;
  return (ex) => ex.context?.data.get(key);
}
