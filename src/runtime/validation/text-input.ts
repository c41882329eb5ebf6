/**
 * Coercers for inputs that arrive as text: path, query, header and cookie values. A raw value is
 * `string | string[] | undefined` (an array when a query key repeats). Array-typed parameters
 * take every repetition; any other type takes exactly one value.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { arrayChecks } from './constraints.js';
import { compileScalar, Invalid, type ScalarCoercer } from './scalar.js';
import { unwrapScalar, type Schemas } from './schema-walk.js';
import type { InputError } from './types.js';

/** Text → value, or `Invalid`; undefined input has already been handled by the caller. */
export type TextCoercer = (raw: string | string[]) => unknown;

export interface TextInput {
  in: InputError['in'];
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** The full coercer for one text input: presence, then shape, then type and constraints. */
export function compileTextInput(input: TextInput, schemas: Schemas) {
  const coerce = compileTextValue(input.schema, schemas);
  const location = input.in;
  const name = input.name;
  const required = input.required;
  return (raw: unknown, errors: InputError[]): unknown => {
    if (raw === undefined) {
      if (required) errors.push({ in: location, name, message: 'is required' });
      return undefined;
    }
    const value = coerce(raw as string | string[]);
    if (value instanceof Invalid) {
      errors.push({ in: location, name, message: value.message });
      return undefined;
    }
    return value;
  };
}

export function compileTextValue(schema: JsonSchema, schemas: Schemas): TextCoercer {
  const { schema: resolved } = unwrapScalar(schema, schemas);
  if (resolved.type === 'array') return compileTextArray(resolved, schemas);
  const scalar = compileScalar(schema, schemas);
  return (raw) => {
    if (typeof raw === 'string') return scalar(raw);
    if (!Array.isArray(raw)) return new Invalid('must be text');
    if (raw.length === 1 && typeof raw[0] === 'string') return scalar(raw[0]);
    return new Invalid('must be a single value, not repeated');
  };
}

/** Repeated keys → items; a single value is a one-element array. Tuples coerce by position. */
function compileTextArray(schema: JsonSchema, schemas: Schemas): TextCoercer {
  const itemCoercer = compileItem(schema.items, schemas);
  const check = arrayChecks(schema);
  const toSet = schema['x-svc-type'] === 'Set';
  return (raw) => {
    const texts = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(texts)) return new Invalid('must be text');
    const items: unknown[] = new Array(texts.length);
    for (let index = 0; index < texts.length; index++) {
      const text = texts[index];
      if (typeof text !== 'string') return new Invalid(`item ${index + 1}: must be text`);
      const item = itemCoercer(text);
      if (item instanceof Invalid) return new Invalid(`item ${index + 1}: ${item.message}`);
      items[index] = item;
    }
    const message = check?.(items);
    if (message !== undefined) return new Invalid(message);
    return toSet ? new Set(items) : items;
  };
}

function compileItem(items: JsonSchema | undefined, schemas: Schemas): ScalarCoercer {
  return items === undefined ? (text) => text : compileScalar(items, schemas);
}
