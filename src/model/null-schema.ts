/**
 * `null` in a schema, said and read in one place. 2020-12 says "or null" three ways: a type array
 * (`['string', 'null']`), a `{type: 'null'}` member of `anyOf`/`oneOf`, and `{type: 'null'}`
 * alone. `withNull` writes the first two; `splitNull` is the only reader of them.
 */
import { typesOf, type JsonSchema, type JsonType } from './json-schema.js';

const NULL_SCHEMA: JsonSchema = { type: 'null' };

/** Keywords that only annotate: they stay outside when a schema is wrapped to admit null. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** The schema that also admits `null` (the schema itself when it already does, or admits anything). */
export function withNull(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0 || admitsNullAlready(schema)) return schema;
  if (schema.type !== undefined && schema.$ref === undefined) return withNullType(schema);
  const outside: JsonSchema = {};
  const inside: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    (ANNOTATIONS.has(key) ? outside : inside)[key as 'description'] = value as string;
  }
  const union = Object.keys(inside).length === 1 ? (inside.anyOf ?? inside.oneOf) : undefined;
  const keyword = inside.oneOf ? 'oneOf' : 'anyOf';
  if (union) return { ...outside, [keyword]: [...union, NULL_SCHEMA] };
  return { ...outside, anyOf: [inside, NULL_SCHEMA] };
}

function admitsNullAlready(schema: JsonSchema): boolean {
  if (typesOf(schema).includes('null')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(isNullSchema);
}

/** `{type: X}` → `{type: [X, 'null']}`; an `enum` gains `null`, a `const` becomes `enum: [value, null]`. */
function withNullType(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema, type: [...typesOf(schema), 'null'] };
  if (out.enum !== undefined) out.enum = [...out.enum, null];
  if (out.const !== undefined) {
    out.enum = [out.const, null];
    delete out.const;
  }
  return out;
}

/** `{type: 'null'}` exactly. */
export function isNullSchema(schema: JsonSchema): boolean {
  return schema.type === 'null' && Object.keys(schema).length === 1;
}

/**
 * The schema without its "or null", and whether it had one. `{type: 'null'}` alone is left as it
 * is (its only value is null: there is nothing to split it from).
 */
export function splitNull(schema: JsonSchema): { schema: JsonSchema; orNull: boolean } {
  const types = typesOf(schema);
  if (types.length > 1 && types.includes('null'))
    return { schema: withoutNullType(schema, types), orNull: true };
  const keyword = schema.anyOf?.some(isNullSchema)
    ? 'anyOf'
    : schema.oneOf?.some(isNullSchema)
      ? 'oneOf'
      : undefined;
  if (keyword === undefined) return { schema, orNull: false };
  const members = (schema[keyword] ?? []).filter((member) => !isNullSchema(member));
  const { [keyword]: _members, ...outer } = schema;
  const only = members.length === 1 ? members[0] : undefined;
  return { schema: only ? { ...only, ...outer } : { ...outer, [keyword]: members }, orNull: true };
}

function withoutNullType(schema: JsonSchema, types: readonly JsonType[]): JsonSchema {
  const rest = types.filter((type) => type !== 'null');
  const out: JsonSchema = { ...schema, type: rest.length === 1 ? rest[0] : rest };
  if (out.enum !== undefined) out.enum = out.enum.filter((value) => value !== null);
  return out;
}
