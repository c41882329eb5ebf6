/**
 * Strings, numbers, integers, booleans, literals (`const`) and enums, written inline where their
 * parent writes them.
 * A value of another type than declared is written by `anyItem` (as JSON.stringify would), so
 * the answer is always valid JSON even when a handler breaks its type.
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';

/**
 * The inline expression for a scalar schema, or undefined when the schema is not a scalar (its
 * "or null" already split off by the caller).
 */
export function inlineScalar(schema: JsonSchema, expr: string): string | undefined {
  if (schema.enum !== undefined) return inlineEnum(schema.enum, expr);
  if (schema.const !== undefined) return inlineEnum([schema.const], expr);
  switch (mainType(schema)) {
    case 'string':
      return `(typeof ${expr} === 'string' ? quote(${expr}) : anyItem(${expr}))`;
    case 'number':
    case 'integer':
      return inlineNumber(expr);
    case 'boolean':
      return `(${expr} === true ? 'true' : ${expr} === false ? 'false' : anyItem(${expr}))`;
    default:
      return undefined;
  }
}

function inlineNumber(expr: string): string {
  return `(typeof ${expr} === 'number' ? (Number.isFinite(${expr}) ? '' + ${expr} : 'null') : anyItem(${expr}))`;
}

/** An enum of strings is written as a string, of numbers as a number; a mixed one as any value. */
function inlineEnum(members: readonly unknown[], expr: string): string {
  if (members.every((member) => typeof member === 'string' || member === null))
    return `(typeof ${expr} === 'string' ? quote(${expr}) : anyItem(${expr}))`;
  if (members.every((member) => typeof member === 'number' || member === null)) return inlineNumber(expr);
  return `anyItem(${expr})`;
}
