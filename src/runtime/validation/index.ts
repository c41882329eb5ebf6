/**
 * Input coercion and validation, compiled once per parameter at start-up (on its first call with
 * `lazy`, as `svc dev` asks), or loaded from the code `svc build` emitted (src/runtime/compiled).
 *
 * For the runtime:
 *   const coerce = compileCoercer(param, { schemas: model.schemas, unknownProperties: 'keep' });
 *   // per request
 *   const value = coerce(raw, errors);   // pushes InputErrors and returns undefined on failure
 * Raw values: `string | string[] | undefined` for path/query/header/cookie, the whole query
 * object for a `wholeObject` @Query(), the parsed JSON at the key path (or undefined) for body.
 * Sources that are not validated (`data`, `ctx`, `messages`, ...: ../../model/param-sources.ts)
 * pass through untouched.
 *
 * Response check (dev mode only), compiled on the first check of a route with a schema:
 *   const check = compileResponseCheck(route.returns.schema, model.schemas);
 *   const problem = check(handlerResult);   // string | undefined
 *   if (problem) console.warn(`[svc] ${route.httpMethod} ${route.fullPath}: response ${problem}`);
 * It serializes the value to its JSON form first (Date, bigint, Map, Set, URL), so pass the
 * value the handler returned.
 */
import type { ParamModel } from '../../model/app-model.js';
import { isValidatedSource, type ParameterLocation } from '../../model/param-sources.js';
import { ajvContext } from './ajv-context.js';
import { compileBody, keyPathPointer } from './body.js';
import { compileTextInput } from './text-input.js';
import type { Coercer, CoercerOptions } from './types.js';
import { compileWholeQuery } from './whole-query.js';

export type { Coercer, CoercerOptions, InputError, CompileCoercer } from './types.js';
export { compileResponseCheck } from '../serialization-check/index.js';

const passThrough: Coercer = (raw) => raw;

export function compileCoercer(param: ParamModel, options: CoercerOptions): Coercer {
  if (!options.lazy) return compileNow(param, options);
  let coerce: Coercer | undefined;
  return (raw, errors) => (coerce ??= compileNow(param, options))(raw, errors);
}

function compileNow(param: ParamModel, options: CoercerOptions): Coercer {
  const source = param.source;
  if (!isValidatedSource(source)) return passThrough;
  if (source === 'body') {
    const keyPath = Array.isArray(param.key) ? param.key : param.key === '' ? [] : [param.key];
    const pointer = keyPathPointer(keyPath);
    return compileBody({ pointer, required: param.required, schema: param.schema }, options);
  }
  if (source === 'query' && param.wholeObject) return compileWholeQuery(param, options);
  // The other validated sources are text the request carries by name: OpenAPI's parameter locations.
  const location: ParameterLocation = source;
  const name = Array.isArray(param.key) ? param.key.join('.') : param.key;
  const input = { in: location, name, required: param.required, schema: param.schema };
  return compileTextInput(input, ajvContext(options.schemas, options.unknownProperties));
}
