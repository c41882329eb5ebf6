/**
 * Values generated from a document's schemas: one valid value per schema (deterministic, from
 * examples, defaults, enums, bounds and formats), and values that break a schema's type. A value
 * the generator cannot be sure of (a `pattern`, an unknown format) is marked unsure, so the tester
 * checks only that its answer is documented, not that it was accepted.
 */
import type { Schema30 } from '../../../src/openapi/types.js';

export interface Sample {
  value: unknown;
  /** False when the generator could not be sure the value matches (patterns, unknown formats). */
  sure: boolean;
}

type Components = Record<string, Schema30>;

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05.000Z',
  date: '2024-01-02',
  email: 'someone@example.com',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  int64: '1',
  binary: 'x',
};

export function resolve(schema: Schema30, components: Components): Schema30 {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    current = components[current.$ref.slice('#/components/schemas/'.length)] ?? {};
  }
  return current;
}

export function sample(schema: Schema30, components: Components, depth = 0): Sample {
  const resolved = resolve(schema, components);
  if (depth > 6) return { value: null, sure: false };
  if (resolved.example !== undefined) return { value: resolved.example, sure: true };
  if (resolved.default !== undefined) return { value: resolved.default, sure: true };
  if (resolved.enum && resolved.enum.length > 0) return { value: resolved.enum[0], sure: true };
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches && branches.length > 0) return sample(branches[0]!, components, depth + 1);
  if (resolved.allOf) return sampleAllOf(resolved.allOf, components, depth);
  return sampleOfType(resolved, components, depth);
}

function sampleAllOf(parts: Schema30[], components: Components, depth: number): Sample {
  const merged: Record<string, unknown> = {};
  let sure = true;
  for (const part of parts) {
    const one = sample(part, components, depth + 1);
    sure &&= one.sure;
    if (typeof one.value === 'object' && one.value !== null) Object.assign(merged, one.value);
  }
  return { value: merged, sure };
}

function sampleOfType(schema: Schema30, components: Components, depth: number): Sample {
  const type = schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return { value: numberIn(schema), sure: schema.multipleOf === undefined };
    case 'boolean':
      return { value: true, sure: true };
    case 'array': {
      const count = Math.max(schema.minItems ?? 1, 1);
      const items = Array.from({ length: count }, () => sample(schema.items ?? {}, components, depth + 1));
      return {
        value: items.map((item) => item.value),
        sure: items.every((item) => item.sure) && !schema.uniqueItems,
      };
    }
    case 'object':
    case undefined:
      return schema.properties || type === 'object'
        ? sampleObject(schema, components, depth)
        : { value: 'x', sure: true };
    default:
      return { value: null, sure: schema.nullable === true };
  }
}

function sampleString(schema: Schema30): Sample {
  if (schema.pattern) return { value: 'x'.repeat(Math.max(schema.minLength ?? 1, 1)), sure: false };
  if (schema.format) {
    const known = FORMATS[schema.format];
    return { value: known ?? 'x', sure: known !== undefined };
  }
  const length = Math.max(schema.minLength ?? 1, 1);
  return { value: 'a'.repeat(Math.min(length, schema.maxLength ?? length)), sure: true };
}

/**
 * 1 when the bounds allow it, else the bound nearest to it: an integer's default bounds are
 * ±(2^53−1), and a handler that stores the value may hand it to a tighter schema (a year).
 */
function numberIn(schema: Schema30): number {
  const low = schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
  const high = schema.maximum === undefined ? undefined : schema.maximum - (schema.exclusiveMaximum ? 1 : 0);
  const atLeast = Math.max(low, 1);
  const value = high !== undefined && atLeast > high ? Math.max(high, low) : atLeast;
  return schema.type === 'integer' ? Math.ceil(value) : value;
}

function sampleObject(schema: Schema30, components: Components, depth: number): Sample {
  const value: Record<string, unknown> = {};
  let sure = true;
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    const one = sample(property, components, depth + 1);
    value[name] = one.value;
    sure &&= one.sure;
  }
  return { value, sure: sure && !schema.minProperties };
}

/** A value of the wrong type for a scalar schema, as text (query, header, path, cookie); none when any text fits. */
export function wrongText(schema: Schema30, components: Components): string | undefined {
  const resolved = resolve(schema, components);
  const type = resolved.type;
  if (resolved.enum) return 'not-one-of-the-enum';
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'not-a-boolean';
  if (type === 'string' && (resolved.format === 'date-time' || resolved.format === 'date'))
    return 'not-a-date';
  return undefined;
}
