/**
 * `@Query()` on an object-typed parameter: the raw value is the whole query object, and each
 * declared property is coerced like its own query parameter, with errors named by property.
 * The result is a plain object (it behaves like any object the handler makes) that never gets a
 * prototype key: the parsed query has none, but a pre-interceptor may have replaced it, and on a
 * plain object `result['__proto__'] = value` would replace the prototype.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { compileTextValue, type TextCoercer } from './text-input.js';
import { Invalid } from './scalar.js';
import { unwrapScalar, type Schemas } from './schema-walk.js';
import type { CoercerOptions, Coercer, InputError } from './types.js';

interface PropertyCoercer {
  name: string;
  required: boolean;
  coerce: TextCoercer;
}

type RawQuery = Record<string, string | string[] | undefined>;

export function compileWholeQuery(schema: JsonSchema, options: CoercerOptions): Coercer {
  const { schema: objectSchema } = unwrapScalar(schema, options.schemas);
  const properties = compileProperties(objectSchema, options.schemas);
  const declared = new Set(properties.map((property) => property.name));
  const unknown = objectSchema.additionalProperties === undefined ? options.unknownProperties : 'keep';
  return (raw, errors) => {
    const query = (raw !== null && typeof raw === 'object' ? raw : {}) as RawQuery;
    const result: Record<string, unknown> = {};
    for (const property of properties) coerceProperty(property, query, result, errors);
    if (unknown !== 'strip')
      copyUndeclared(query, declared, result, unknown === 'reject' ? errors : undefined);
    return result;
  };
}

function compileProperties(schema: JsonSchema, schemas: Schemas): PropertyCoercer[] {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).filter(([name]) => !PROTOTYPE_KEYS.has(name));
  return entries.map(([name, propertySchema]) => ({
    name,
    required: required.has(name),
    coerce: compileTextValue(propertySchema, schemas),
  }));
}

function coerceProperty(
  property: PropertyCoercer,
  query: RawQuery,
  result: Record<string, unknown>,
  errors: InputError[],
) {
  // Own keys only: a property named `toString` must not find Object.prototype's.
  const raw = Object.hasOwn(query, property.name) ? query[property.name] : undefined;
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
