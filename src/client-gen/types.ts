/**
 * A schema of the app model → the TypeScript type of the value on the wire, as the client sees
 * it after `JSON.parse`: a `Date` is its ISO string, a `bigint` a number, a `Map` an object, a
 * `Set` an array, bytes a base64 string. Named schemas become references to the named types the
 * client declares (./named-types.ts), so recursive types stay finite.
 */
import { refName, type JsonSchema } from '../model/json-schema.js';

/** The positions of a tuple, which the analyzer keeps beside the 3.0.3 `items` (`x-svc-tuple`). */
interface TupleHint {
  prefixItems: JsonSchema[];
  rest?: JsonSchema;
}

/** Maps a component schema name to the identifier the client declares it under. */
export type TypeNamer = (schemaName: string) => string;

export function typeOf(schema: JsonSchema, name: TypeNamer): string {
  const base = baseType(schema, name);
  return schema.nullable === true && base !== 'unknown' ? `${group(base)} | null` : base;
}

function baseType(schema: JsonSchema, name: TypeNamer): string {
  const ref = refName(schema);
  if (ref !== undefined) return name(ref);
  if (schema.$ref !== undefined) return 'unknown';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ') || 'never';
  if (schema.oneOf ?? schema.anyOf) return union((schema.oneOf ?? schema.anyOf) as JsonSchema[], name);
  if (schema.allOf) return schema.allOf.map((member) => group(typeOf(member, name))).join(' & ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return arrayType(schema, name);
    case 'object':
      return objectType(schema, name);
    default:
      return schema.properties ? objectType(schema, name) : 'unknown';
  }
}

function union(members: JsonSchema[], name: TypeNamer): string {
  const types = [...new Set(members.map((member) => group(typeOf(member, name))))];
  return types.length === 0 ? 'never' : types.join(' | ');
}

function arrayType(schema: JsonSchema, name: TypeNamer): string {
  const tuple = schema['x-svc-tuple'] as TupleHint | undefined;
  if (tuple) return tupleType(tuple, schema.minItems ?? tuple.prefixItems.length, name);
  return `${group(typeOf(schema.items ?? {}, name))}[]`;
}

/** `[string, number?, ...boolean[]]`: positions past `minItems` are optional. */
function tupleType(tuple: TupleHint, minItems: number, name: TypeNamer): string {
  const positions = tuple.prefixItems.map((item, index) => {
    const type = typeOf(item, name);
    return index < minItems ? type : `${group(type)}?`;
  });
  if (tuple.rest) positions.push(`...${group(typeOf(tuple.rest, name))}[]`);
  return `[${positions.join(', ')}]`;
}

function objectType(schema: JsonSchema, name: TypeNamer): string {
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const optional = required.has(key) ? '' : '?';
    return `${docComment(property.description)}${propertyKey(key)}${optional}: ${typeOf(property, name)};`;
  });
  const extra = schema.additionalProperties;
  if (typeof extra === 'object') {
    // Declared properties must fit the index signature, so beside them it can only say `unknown`.
    members.push(`[key: string]: ${members.length > 0 ? 'unknown' : typeOf(extra, name)};`);
  } else if (extra === true || (extra === undefined && members.length === 0)) {
    members.push('[key: string]: unknown;');
  }
  return members.length === 0 ? 'Record<string, never>' : `{ ${members.join(' ')} }`;
}

/** A property name as written in a type: bare when it is an identifier, quoted otherwise. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/** A one-line JSDoc comment (the text of `*\/` is broken so it cannot end the comment). */
export function docComment(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return '';
  return `/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */ `;
}

/**
 * Parenthesizes a union or intersection so it can stand inside `T[]`, `T | null` or `A & B` (an
 * object type holding one is parenthesized too, which is harmless).
 */
function group(type: string): string {
  return type.includes(' | ') || type.includes(' & ') ? `(${type})` : type;
}
