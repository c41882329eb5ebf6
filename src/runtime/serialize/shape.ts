/**
 * Which union member a value is, without a discriminator: a cheap test per member compiled to an
 * expression, checked in declared order (the first that fits writes the value). It looks at the
 * value's JavaScript type, an object's required keys, and the type or literal of each declared
 * property one level down; it does not check constraints (a union of members that differ only
 * by a bound picks the first).
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import { svcTypeOf } from '../../model/rich-types.js';
import { unwrapSingle } from '../../model/schema-walk.js';
import type { SerializerCompiler } from './compiler.js';

export function shapeTest(schema: JsonSchema, compiler: SerializerCompiler, expr: string, depth = 0): string {
  const { schema: resolved, orNull } = unwrapSingle(schema, compiler.schemas);
  const test = nonNullTest(resolved, compiler, expr, depth);
  return orNull && test !== 'true' ? `(${expr} === null || ${test})` : test;
}

function nonNullTest(schema: JsonSchema, compiler: SerializerCompiler, expr: string, depth: number): string {
  if (schema.enum !== undefined) return `${compiler.constant(new Set(schema.enum))}.has(${expr})`;
  if (schema.const !== undefined) return `${expr} === ${compiler.constant(schema.const)}`;
  const union = schema.oneOf ?? schema.anyOf;
  if (union !== undefined && depth < 4)
    return `(${union.map((member) => shapeTest(member, compiler, expr, depth + 1)).join(' || ')})`;
  if (schema.allOf !== undefined && depth < 4)
    return `(${schema.allOf.map((member) => shapeTest(member, compiler, expr, depth + 1)).join(' && ')})`;
  const rich = typeTest(schema, expr);
  if (rich !== undefined) return rich;
  if (mainType(schema) === 'object' || schema.properties !== undefined)
    return objectTest(schema, compiler, expr, depth);
  return 'true';
}

/** The test of a value's JavaScript type, rich values first (a Date member takes Dates and strings). */
function typeTest(schema: JsonSchema, expr: string): string | undefined {
  switch (svcTypeOf(schema)) {
    case 'Date':
      return `(${expr} instanceof Date || typeof ${expr} === 'string')`;
    case 'URL':
      return `(${expr} instanceof URL || typeof ${expr} === 'string')`;
    case 'bigint':
      return `(typeof ${expr} === 'bigint' || Number.isInteger(${expr}))`;
    case 'Set':
      return `(Array.isArray(${expr}) || ${expr} instanceof Set)`;
    case 'Map':
      return `(${expr} instanceof Map || (typeof ${expr} === 'object' && ${expr} !== null && !Array.isArray(${expr})))`;
    case 'bytes':
      return `(typeof ${expr} === 'string' || ${expr} instanceof Uint8Array || ${expr} instanceof ArrayBuffer)`;
    default:
      break;
  }
  if (schema.type === 'null') return `${expr} === null`;
  switch (mainType(schema)) {
    case 'string':
      return `typeof ${expr} === 'string'`;
    case 'number':
      return `typeof ${expr} === 'number'`;
    case 'integer':
      return `Number.isInteger(${expr})`;
    case 'boolean':
      return `typeof ${expr} === 'boolean'`;
    case 'array':
      return `Array.isArray(${expr})`;
    default:
      return undefined;
  }
}

/** An object with every required key, each declared property of the right scalar type or literal. */
function objectTest(schema: JsonSchema, compiler: SerializerCompiler, expr: string, depth: number): string {
  const parts = [`typeof ${expr} === 'object'`, `${expr} !== null`, `!Array.isArray(${expr})`];
  const required = new Set(schema.required ?? []);
  if (depth < 2) {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      const read = `${expr}[${JSON.stringify(key)}]`;
      const test = shapeTest(child, compiler, read, depth + 2);
      if (required.has(key)) parts.push(`${read} !== undefined`);
      if (test !== 'true') parts.push(`(${read} === undefined || ${test})`);
    }
  }
  for (const key of required)
    if (depth >= 2 || schema.properties?.[key] === undefined)
      parts.push(`${expr}[${JSON.stringify(key)}] !== undefined`);
  return `(${parts.join(' && ')})`;
}
