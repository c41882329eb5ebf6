/**
 * One extractor per parameter, chosen at start-up by the parameter's source: a plain
 * property read on the exchange per request, never a search.
 */
import type { ParamModel } from '../../model/app-model.js';
import type { Exchange } from '../http/exchange.js';

export type Extractor = (ex: Exchange) => unknown;

export function compileExtractor(param: ParamModel): Extractor {
  const key = param.key;
  switch (param.source) {
    case 'path':
      return (ex) => ex.params[key as string];
    case 'query':
      return param.wholeObject ? (ex) => ex.query : (ex) => ex.query[key as string];
    case 'header':
      return (ex) => ex.headers[key as string];
    case 'cookie':
      return (ex) => ex.cookies[key as string];
    case 'body':
      return bodyExtractor(Array.isArray(key) ? key : [key]);
    case 'data':
      return dataExtractor(param);
    case 'ctx':
      return (ex) => ex.context;
    case 'messages':
      return (ex) => ex.messages;
  }
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

/** `@Data()` typed `DataHolder` binds the holder: the analyzer marks it `x-svc-type: DataHolder`. */
function dataExtractor(param: ParamModel): Extractor {
  const key = param.key as string;
  if (param.schema['x-svc-type'] === 'DataHolder') return (ex) => ex.context?.data;
  return (ex) => ex.context?.data.get(key);
}
