/**
 * Text → typed value for one path, query, header or cookie value: the type only (number,
 * integer, boolean, bigint, Date, URL, enum member, union member). Constraints (bounds, lengths,
 * patterns, formats) are checked afterwards by the compiled ajv validator bodies use
 * (text-check.ts). Everything is decided at compile time from the schema; the returned function
 * is straight-line code that either returns the value or an `Invalid` holding the reason.
 */
import { mainType, typesOf, type JsonSchema } from '../../model/json-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import { unwrapSingle, type NamedSchemas } from '../../model/schema-walk.js';
import { BIGINT_LENGTH_MESSAGE, hasTooManyDigits, SAFE_INTEGER_MESSAGE } from './ajv-integer.js';
import { describeSchema } from './describe.js';

export class Invalid {
  constructor(readonly message: string) {}
}

export type ScalarCoercer = (text: string) => unknown;

/**
 * The whole check of one union member (type and constraints), so a union picks the first member
 * that accepts the text as the body validator would: `@maximum 5 number | string` takes `7` as text.
 */
export type MemberCoercer = (member: JsonSchema) => ScalarCoercer;

/*
 * Request text reaches these, so each is written to backtrack at most linearly: no two adjacent
 * quantifiers can match the same characters. (`\d+\.?\d*` could, when the dot is absent, and a
 * long run of digits followed by a non-digit took quadratic time.)
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
/** ISO 8601 calendar date, optionally with a time and a zone (what `Date` accepts reliably). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;

/** `T | null`: the text `null` is null, unless `T` is a string, whose text it may be. */
export function compileScalar(
  schema: JsonSchema,
  schemas: NamedSchemas,
  compileMember: MemberCoercer,
): ScalarCoercer {
  const { schema: resolved, orNull } = unwrapSingle(schema, schemas);
  const coerce = compileResolved(resolved, compileMember);
  if (!orNull || mainType(resolved) === 'string') return coerce;
  return (text) => (text === 'null' ? null : coerce(text));
}

function compileResolved(schema: JsonSchema, compileMember: MemberCoercer): ScalarCoercer {
  if (schema.enum) return compileEnum(schema.enum);
  // A literal's message is the one a body gets for it (ajv-errors.ts).
  if (schema.const !== undefined)
    return compileEnum([schema.const], `must be ${JSON.stringify(schema.const)}`);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return compileUnion(union, compileMember);
  const rich = richTypeOf(schema);
  if (rich === 'bigint') return parseBigInt;
  if (rich === 'Date') return parseDate;
  if (rich === 'URL') return parseUrl;
  const types = typesOf(schema);
  // `type: ['number', 'boolean']` reads as the union of one schema per type.
  if (types.length > 1)
    return compileUnion(
      types.map((type) => ({ ...schema, type })),
      compileMember,
    );
  switch (types[0]) {
    case 'number':
      return parseNumber;
    case 'integer':
      return parseInteger;
    case 'boolean':
      return parseBoolean;
    case 'string':
      return asText;
    case 'null':
      return parseNull;
    case 'array':
    case 'object':
      return () => new Invalid(`must be ${types[0] === 'array' ? 'an array' : 'an object'}`);
    default:
      return (text) => text;
  }
}

function asText(text: string): string {
  return text;
}

function parseNumber(text: string): number | Invalid {
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  return Number.isFinite(value) ? value : new Invalid('must be a number');
}

function parseInteger(text: string): number | Invalid {
  if (!INTEGER.test(text)) return new Invalid('must be an integer');
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : new Invalid(SAFE_INTEGER_MESSAGE);
}

function parseBigInt(text: string): bigint | Invalid {
  if (!INTEGER.test(text)) return new Invalid('must be an integer');
  return hasTooManyDigits(text) ? new Invalid(BIGINT_LENGTH_MESSAGE) : BigInt(text);
}

function parseBoolean(text: string): boolean | Invalid {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return new Invalid('must be a boolean (true, false, 1 or 0)');
}

function parseNull(text: string): null | Invalid {
  return text === 'null' ? null : new Invalid('must be null');
}

function parseDate(text: string): Date | Invalid {
  const date = ISO_DATE.test(text) ? new Date(text) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : new Invalid('must be an ISO 8601 date-time');
}

function parseUrl(text: string): URL | Invalid {
  return URL.canParse(text) ? new URL(text) : new Invalid('must be a valid uri');
}

/** Enum members match by their text form, so `'2'` finds the numeric member `2`. */
function compileEnum(
  members: JsonSchema['enum'] & object,
  message = `must be one of: ${members.map((member) => String(member)).join(', ')}`,
): ScalarCoercer {
  const byText = new Map<string, unknown>();
  for (const member of members) if (!byText.has(String(member))) byText.set(String(member), member);
  return (text) => (byText.has(text) ? byText.get(text) : new Invalid(message));
}

/** A union of scalars: the first member that accepts the text wins. */
function compileUnion(members: JsonSchema[], compileMember: MemberCoercer): ScalarCoercer {
  const coercers = members.map(compileMember);
  const message = `must be ${members.map((member) => describeSchema(member)).join(' or ')}`;
  return (text) => {
    for (const coerce of coercers) {
      const value = coerce(text);
      if (!(value instanceof Invalid)) return value;
    }
    return new Invalid(message);
  };
}
