/**
 * Coercers for inputs that arrive as text: path, query, header and cookie values. A raw value is
 * `string | string[] | undefined` (an array when a query key repeats). Array-typed parameters
 * take every repetition; any other type takes exactly one value. Each value is first coerced to
 * its type (scalar.ts), then checked against its constraints by the body validator (text-check.ts).
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import { unwrapSingle } from '../../model/schema-walk.js';
import type { AjvContext } from './ajv-context.js';
import { compileScalar, Invalid, type ScalarCoercer } from './scalar.js';
import { compileTextCheck } from './text-check.js';
import type { InputError } from './types.js';

/** Text → value, or `Invalid`; undefined input has already been handled by the caller. */
export type TextCoercer = (raw: string | string[]) => unknown;

export interface TextInput {
  in: InputError['in'];
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** The full coercer for one text input: presence, then type, then constraints. */
export function compileTextInput(input: TextInput, context: AjvContext) {
  const coerce = compileTextValue(input.schema, context);
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

/** Coerce, then check; a `Set` is made from the checked items, so `minItems` counts repeats. */
export function compileTextValue(schema: JsonSchema, context: AjvContext): TextCoercer {
  const { schema: resolved } = unwrapSingle(schema, context.schemas);
  const coerce =
    mainType(resolved) === 'array' ? compileTextArray(resolved, context) : compileSingle(schema, context);
  const check = compileTextCheck(schema, context);
  const toSet = richTypeOf(resolved) === 'Set';
  if (!check && !toSet) return coerce;
  return (raw) => {
    const value = coerce(raw);
    if (value instanceof Invalid) return value;
    const message = check?.(value);
    if (message !== undefined) return new Invalid(message);
    return toSet ? new Set(value as unknown[]) : value;
  };
}

function compileSingle(schema: JsonSchema, context: AjvContext): TextCoercer {
  const scalar = compileScalar(schema, context.schemas, memberCoercer(context));
  return (raw) => {
    if (typeof raw === 'string') return scalar(raw);
    if (!Array.isArray(raw)) return new Invalid('must be text');
    if (raw.length === 1 && typeof raw[0] === 'string') return scalar(raw[0]);
    return new Invalid('must be a single value, not repeated');
  };
}

/**
 * Repeated keys → items; a single value is a one-element array. A tuple's items coerce by
 * position (`prefixItems`), the rest by `items`; an item past a closed tuple is kept as text,
 * for the check to refuse (`must have at most 2 items`).
 */
function compileTextArray(schema: JsonSchema, context: AjvContext): TextCoercer {
  const positions = (schema.prefixItems ?? []).map((item) => compileItem(item, context));
  const rest = compileItem(schema.items === false ? undefined : schema.items, context);
  const itemCoercerAt = (index: number) => positions[index] ?? rest;
  return (raw) => {
    const texts = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(texts)) return new Invalid('must be text');
    const items: unknown[] = new Array(texts.length);
    for (let index = 0; index < texts.length; index++) {
      const text = texts[index];
      if (typeof text !== 'string') return new Invalid(`item ${index + 1}: must be text`);
      const item = itemCoercerAt(index)(text);
      if (item instanceof Invalid) return new Invalid(`item ${index + 1}: ${item.message}`);
      items[index] = item;
    }
    return items;
  };
}

function compileItem(items: JsonSchema | undefined, context: AjvContext): ScalarCoercer {
  return items === undefined ? (text) => text : compileScalar(items, context.schemas, memberCoercer(context));
}

/** A union member's whole check, type then constraints: the first member it passes wins. */
function memberCoercer(context: AjvContext) {
  const compileMember = (member: JsonSchema): ScalarCoercer => {
    const scalar = compileScalar(member, context.schemas, compileMember);
    const check = compileTextCheck(member, context);
    if (!check) return scalar;
    return (text) => {
      const value = scalar(text);
      if (value instanceof Invalid) return value;
      const message = check(value);
      return message === undefined ? value : new Invalid(message);
    };
  };
  return compileMember;
}
