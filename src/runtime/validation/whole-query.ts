/**
 * `@Query()` on an object-typed parameter: the raw value is the whole query object, and each
 * declared property (src/model/query-object.ts, the list the document shows) is coerced like its
 * own query parameter, with errors named by property. The result is a plain object (it behaves
 * like any object the handler makes) that never gets a prototype key: the parsed query has none,
 * but a pre-interceptor may have replaced it, and on a plain object `result['__proto__'] = value`
 * would replace the prototype. An optional whole-object query with none of its properties given
 * is `undefined`.
 */
import type { ParamModel } from '../../model/app-model.js';
import { expandQueryObject } from '../../model/query-object.js';
import { PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { ajvContext } from './ajv-context.js';
import { compileTextValue, type TextCoercer } from './text-input.js';
import { Invalid } from './scalar.js';
import type { CoercerOptions, Coercer, InputError } from './types.js';

interface PropertyCoercer {
  name: string;
  required: boolean;
  coerce: TextCoercer;
}

type RawQuery = Record<string, string | string[] | undefined>;

export function compileWholeQuery(param: ParamModel, options: CoercerOptions): Coercer {
  const context = ajvContext(options.schemas, options.unknownProperties);
  const queryObject = expandQueryObject(param, options.schemas);
  const properties: PropertyCoercer[] = queryObject.properties
    .filter((property) => !PROTOTYPE_KEYS.has(property.name))
    .map((property) => ({
      name: property.name,
      required: property.requiredInObject,
      coerce: compileTextValue(property.schema, context),
    }));
  const declared = new Set(properties.map((property) => property.name));
  const unknown = queryObject.schema.additionalProperties === undefined ? options.unknownProperties : 'keep';
  const optional = !param.required;
  return (raw, errors) => {
    const query = (raw !== null && typeof raw === 'object' ? raw : {}) as RawQuery;
    if (optional && !properties.some((property) => ownValue(query, property.name) !== undefined)) {
      if (unknown === 'reject') copyUndeclared(query, declared, {}, errors);
      return undefined;
    }
    const result: Record<string, unknown> = {};
    for (const property of properties) coerceProperty(property, query, result, errors);
    if (unknown !== 'strip')
      copyUndeclared(query, declared, result, unknown === 'reject' ? errors : undefined);
    return result;
  };
}

/** Own keys only: a property named `toString` must not find Object.prototype's. */
function ownValue(query: RawQuery, name: string): string | string[] | undefined {
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

function coerceProperty(
  property: PropertyCoercer,
  query: RawQuery,
  result: Record<string, unknown>,
  errors: InputError[],
) {
  const raw = ownValue(query, property.name);
  if (raw === undefined) {
    if (property.required) errors.push({ in: 'query', name: property.name, message: 'is required' });
    return;
  }
  const value = property.coerce(raw);
  if (value instanceof Invalid) errors.push({ in: 'query', name: property.name, message: value.message });
  else result[property.name] = value;
}

/** Undeclared keys are kept as text, or (reject) each reported; prototype keys count as absent. */
function copyUndeclared(
  query: RawQuery,
  declared: Set<string>,
  result: Record<string, unknown>,
  errors?: InputError[],
) {
  for (const key of Object.keys(query)) {
    if (declared.has(key) || PROTOTYPE_KEYS.has(key)) continue;
    if (errors) errors.push({ in: 'query', name: key, message: 'is not allowed' });
    else result[key] = query[key];
  }
}
