/**
 * The constraint check of a text input once scalar.ts has coerced its type: the same compiled
 * ajv validator (and so the same messages) bodies get, run on a schema reduced to what the
 * coercer has not already proved. Inputs without constraints (a plain `number`, an enum) get no
 * check at all: the coercer is the whole proof, and the request pays for nothing more.
 */
import { hasType, mainType, type JsonSchema } from '../../model/json-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import { mapChildSchemas, someSubSchema, unwrapSingle, type NamedSchemas } from '../../model/schema-walk.js';
import type { AjvContext } from './ajv-context.js';
import { translateErrors } from './ajv-errors.js';
import { dropSafeRange } from './ajv-integer.js';
import { NUMERIC_NOOP_FORMATS } from './ajv-schema.js';

/**
 * The message of the first failed constraint, or undefined when the value passes. A text input
 * gets one error, as a body value does for its type: its validator stops at the first failed
 * keyword (a value that is too long also fails its pattern and its format, which says nothing
 * more), so 2,000 repeated values failing their item constraint cost one error, not 2,000.
 */
export type TextCheck = (value: unknown) => string | undefined;

const CONSTRAINT_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/** Text inputs are scalars or arrays of scalars: deeper nesting is never valid text. */
const MAX_TEXT_DEPTH = 4;

export function compileTextCheck(schema: JsonSchema, context: AjvContext): TextCheck | undefined {
  const reduced = reduceForText(schema, context.schemas, 0);
  if (!someSubSchema(reduced, hasConstraint)) return undefined;
  const validate = context.validator(reduced, 'first');
  const view = holdsRichValues(schema, context.schemas) ? checkView : undefined;
  return (value) => {
    if (validate(view ? view(value) : value)) return undefined;
    const [first] = translateErrors(validate.errors ?? [], '', context);
    return first ? textMessage(first) : 'is invalid';
  };
}

/**
 * The schema with `$ref`s and the "or null" resolved, and what the coercer proves left out: a
 * `Date` or `URL` is parsed from its text (ajv would hold the Date's `2024-03-01` against
 * `format: date-time`), a `Set` is deduplicated rather than refused for repeats, an integer is
 * within the safe range, and every `type`, `enum` and `const` is already what the coercer
 * produced. A `null` the coercer let through passes what is left: every remaining keyword
 * applies to strings, numbers or arrays only.
 */
function reduceForText(schema: JsonSchema, schemas: NamedSchemas, depth: number): JsonSchema {
  const { schema: resolved } = unwrapSingle(schema, schemas);
  const rich = richTypeOf(resolved);
  if (depth > MAX_TEXT_DEPTH || rich === 'Date' || rich === 'URL' || mainType(resolved) === 'object')
    return {};
  const reduced = mapChildSchemas(resolved, (child) => reduceForText(child, schemas, depth + 1));
  // The coercer made a value of this type (or this enum member): ajv need not look again, and
  // an array of plain integers then costs no per-item loop.
  if (hasType(resolved, 'integer')) dropSafeRange(reduced);
  delete reduced.type;
  delete reduced.enum;
  delete reduced.const;
  if (rich === 'Set') delete reduced.uniqueItems;
  return reduced;
}

function hasConstraint(schema: JsonSchema): boolean {
  if (CONSTRAINT_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) return true;
  return schema.format !== undefined && !NUMERIC_NOOP_FORMATS.has(schema.format);
}

function holdsRichValues(schema: JsonSchema, schemas: NamedSchemas): boolean {
  return someSubSchema(schema, (node) => richTypeOf(node) !== undefined, { schemas });
}

/**
 * The value as ajv can check it: a bigint as a number (its bounds are numbers too), a Date as
 * its time and a URL as its text, so `uniqueItems` compares them by value.
 */
function checkView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(checkView);
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  if (value instanceof URL) return value.href;
  return value;
}

/** `/1` (the second repeated value) reads as `item 2: ...`; the value itself has no prefix. */
function textMessage(error: { name: string; message: string }): string {
  if (error.name === '') return error.message;
  const [index, ...rest] = error.name.slice(1).split('/');
  const deeper = rest.length > 0 ? ` (/${rest.join('/')})` : '';
  return `item ${Number(index) + 1}${deeper}: ${error.message}`;
}
