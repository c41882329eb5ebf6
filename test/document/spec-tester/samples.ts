/**
 * Values generated from a document's schemas: a value that matches a schema (deterministic, from
 * examples, defaults, enums, bounds and formats), and values that break a schema's type. A value
 * the generator cannot be sure of (a `pattern`, an unknown format) is marked unsure, so the tester
 * checks only that its answer is documented, not that it was accepted.
 *
 * Both dialects are read (spec-types.ts `SpecSchema`): 3.0.3's `nullable`, boolean exclusive
 * bounds, `format: byte`, `x-prefixItems` and `allOf: [{$ref}]` beside siblings, and 2020-12's
 * type arrays, `const`, numeric exclusive bounds, `contentEncoding`, `prefixItems`/`items: false`
 * and `$ref` beside siblings. Each form is sampled as the form the other dialect says it with is,
 * so the three documents of one app yield the same requests.
 */
import type { SpecSchema } from './spec-types.js';

export interface Sample {
  value: unknown;
  /** False when the generator could not be sure the value matches (patterns, unknown formats). */
  sure: boolean;
}

type Components = Record<string, SpecSchema>;

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05.000Z',
  date: '2024-01-02',
  email: 'someone@example.com',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  int64: '1',
  binary: 'x',
  // Three bytes (1, 2, 3) in base64: 3.0.3's `format: byte`, 2020-12's `contentEncoding: base64`.
  byte: 'AQID',
};

/**
 * The schema a `$ref` points to, with the keywords written beside the reference over it: 2020-12's
 * `{$ref, description}` and 3.0.3's `{allOf: [{$ref}], description}` resolve alike.
 */
export function resolve(schema: SpecSchema, components: Components): SpecSchema {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const { $ref, allOf, ...siblings } = current;
    const lone = allOf?.length === 1 && allOf[0]!.$ref !== undefined ? allOf[0] : undefined;
    if ($ref !== undefined) {
      const target = components[$ref.slice('#/components/schemas/'.length)] ?? {};
      current = overlay(target, { ...siblings, ...(allOf && { allOf }) });
    } else if (lone) current = overlay(lone, siblings);
    else break;
  }
  return current;
}

/** Both schemas at once, as `allOf` means: the keywords beside a reference over it, properties and `required` joined. */
function overlay(target: SpecSchema, siblings: SpecSchema): SpecSchema {
  const out = { ...target, ...siblings };
  if (target.properties && siblings.properties)
    out.properties = { ...target.properties, ...siblings.properties };
  if (target.required && siblings.required)
    out.required = [...new Set([...target.required, ...siblings.required])];
  return out;
}

/** The schema's types other than `null`, in order: `type: [T, 'null']` and 3.0.3's `nullable` `T` alike. */
export function nonNullTypes(schema: SpecSchema): string[] {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  return types.filter((type) => type !== 'null');
}

export function sample(schema: SpecSchema, components: Components, depth = 0): Sample {
  const resolved = resolve(schema, components);
  if (depth > 6) return { value: null, sure: false };
  if (resolved.example !== undefined) return { value: resolved.example, sure: true };
  if (resolved.default !== undefined) return { value: resolved.default, sure: true };
  if (resolved.const !== undefined) return { value: resolved.const, sure: true };
  if (resolved.enum && resolved.enum.length > 0) return { value: resolved.enum[0], sure: true };
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches && branches.length > 0) return sample(branches[0]!, components, depth + 1);
  if (resolved.allOf) return sampleAllOf(resolved.allOf, components, depth);
  return sampleOfType(resolved, components, depth);
}

/** The parts' objects merged; parts that are no objects (an `allOf` of one enum) give the first's value. */
function sampleAllOf(parts: SpecSchema[], components: Components, depth: number): Sample {
  const samples = parts.map((part) => sample(part, components, depth + 1));
  const sure = samples.every((one) => one.sure);
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!samples.every((one) => isObject(one.value))) return { value: samples[0]?.value ?? {}, sure };
  return { value: Object.assign({}, ...samples.map((one) => one.value)) as unknown, sure };
}

function sampleOfType(schema: SpecSchema, components: Components, depth: number): Sample {
  const types = nonNullTypes(schema);
  const type = types[0] ?? (schema.type === undefined ? undefined : 'null');
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return { value: numberIn(schema, type), sure: schema.multipleOf === undefined };
    case 'boolean':
      return { value: true, sure: true };
    case 'array':
      return sampleArray(schema, components, depth);
    case 'object':
    case undefined:
      return schema.properties || type === 'object'
        ? sampleObject(schema, components, depth)
        : { value: 'x', sure: true };
    case 'null':
      return { value: null, sure: true };
    default:
      return { value: null, sure: schema.nullable === true };
  }
}

function sampleString(schema: SpecSchema): Sample {
  if (schema.pattern) return { value: 'x'.repeat(Math.max(schema.minLength ?? 1, 1)), sure: false };
  const format = schema.contentEncoding === 'base64' ? 'byte' : schema.format;
  if (format) {
    const known = FORMATS[format];
    return { value: known ?? 'x', sure: known !== undefined };
  }
  const length = Math.max(schema.minLength ?? 1, 1);
  return { value: 'a'.repeat(Math.min(length, schema.maxLength ?? length)), sure: true };
}

/**
 * 1 when the bounds allow it, else the bound nearest to it: an integer's default bounds are
 * ±(2^53−1), and a handler that stores the value may hand it to a tighter schema (a year).
 */
function numberIn(schema: SpecSchema, type: 'integer' | 'number'): number {
  const low = bound(schema.minimum, schema.exclusiveMinimum, 1);
  const high = bound(schema.maximum, schema.exclusiveMaximum, -1);
  const atLeast = Math.max(low ?? 1, 1);
  const value = high !== undefined && atLeast > high ? Math.max(high, low ?? high) : atLeast;
  return type === 'integer' ? Math.ceil(value) : value;
}

/**
 * The tightest inclusive bound on one side (`inward` 1 below, -1 above): 3.0.3's `minimum` with
 * `exclusiveMinimum: true`, 2020-12's numeric `exclusiveMinimum` beside or without a `minimum`.
 */
function bound(inclusive: number | undefined, exclusive: boolean | number | undefined, inward: 1 | -1) {
  const bounds: number[] = [];
  if (inclusive !== undefined) bounds.push(inclusive + (exclusive === true ? inward : 0));
  if (typeof exclusive === 'number') bounds.push(exclusive + inward);
  if (bounds.length === 0) return undefined;
  return inward === 1 ? Math.max(...bounds) : Math.min(...bounds);
}

/**
 * A tuple (2020-12's `prefixItems`, 3.0.3's `x-prefixItems`) gets every position, optional ones
 * included; any other array `minItems` elements (at least one).
 */
function sampleArray(schema: SpecSchema, components: Components, depth: number): Sample {
  const positions = schema.prefixItems ?? schema['x-prefixItems'] ?? [];
  const rest = schema.items === false ? undefined : schema.items;
  const fewest = positions.length > 0 ? positions.length : 1;
  const count = Math.max(schema.minItems ?? fewest, fewest);
  const items = Array.from({ length: count }, (_unused, index) =>
    sample(positions[index] ?? rest ?? {}, components, depth + 1),
  );
  return {
    value: items.map((item) => item.value),
    sure: items.every((item) => item.sure) && !schema.uniqueItems,
  };
}

function sampleObject(schema: SpecSchema, components: Components, depth: number): Sample {
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
export function wrongText(schema: SpecSchema, components: Components): string | undefined {
  const resolved = resolve(schema, components);
  const types = nonNullTypes(resolved);
  if (resolved.enum || resolved.const !== undefined || resolved.type === 'null') return 'not-one-of-the-enum';
  if (types.length !== 1) return undefined;
  const type = types[0];
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'not-a-boolean';
  if (type === 'string' && (resolved.format === 'date-time' || resolved.format === 'date'))
    return 'not-a-date';
  return undefined;
}
