/**
 * A schema of the app model (JSON Schema 2020-12, src/model/json-schema.ts) → the TypeScript type
 * of the value on the wire, as the client sees it after `JSON.parse`: a `Date` is its ISO string,
 * a `bigint` a number, a `Map` an object, a `Set` an array, bytes a base64 string (each is its
 * JSON form in the schema; the `svc.rich` mark only matters to arguments, ./signatures.ts).
 * Named schemas become references to the named types the client declares (./named-types.ts), so
 * recursive types stay finite.
 */
import { refName, typesOf, type EnumValue, type JsonSchema, type JsonType } from '../model/json-schema.js';
import { splitNull } from '../model/null-schema.js';
import { keyType } from './key-types.js';

/** Maps a component schema name to the identifier the client declares it under. */
export type TypeNamer = (schemaName: string) => string;

/** The type of a value of `schema`; "or null", in any of its forms, is read by `splitNull` only. */
export function typeOf(schema: JsonSchema, name: TypeNamer): string {
  const { schema: value, orNull } = splitNull(schema);
  const base = baseType(value, name);
  if (!orNull || base === 'unknown') return base;
  // `A | B | null` needs no parentheses; an intersection keeps them, to be read as one member.
  return `${base.includes(' & ') ? group(base) : base} | null`;
}

function baseType(schema: JsonSchema, name: TypeNamer): string {
  const ref = refName(schema);
  // A `$ref`'s siblings only annotate it: the type is the referenced one.
  if (ref !== undefined) return name(ref);
  if (schema.$ref !== undefined) return 'unknown';
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return distinctUnion(schema.enum.map(literal));
  const members = schema.oneOf ?? schema.anyOf;
  if (members) return distinctUnion(members.map((member) => group(typeOf(member, name))));
  if (schema.allOf) return schema.allOf.map((member) => group(typeOf(member, name))).join(' & ');
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? objectType(schema, name) : 'unknown';
  return distinctUnion(types.map((type) => typeOfJsonType(type, schema, name)));
}

/** One member of a type array (`['string', 'number']` → `string | number`). */
function typeOfJsonType(type: JsonType, schema: JsonSchema, name: TypeNamer): string {
  switch (type) {
    case 'string':
      // A multipart body's `File` field: any Blob (a File is one) goes into its FormData.
      return schema.svc?.rich === 'File' ? 'Blob' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return arrayType(schema, name);
    case 'object':
      return objectType(schema, name);
  }
}

/** A JSON value as a TypeScript literal type: `"admin"`, `2`, `true`, `null`. */
function literal(value: EnumValue): string {
  return JSON.stringify(value);
}

function distinctUnion(types: string[]): string {
  const distinct = [...new Set(types)];
  return distinct.length === 0 ? 'never' : distinct.join(' | ');
}

function arrayType(schema: JsonSchema, name: TypeNamer): string {
  if (schema.prefixItems) return tupleType(schema.prefixItems, schema, name);
  if (schema.items === false) return '[]';
  return `${group(typeOf(schema.items ?? {}, name))}[]`;
}

/**
 * `[string, number?, ...boolean[]]`: `prefixItems` are the positions, those past `minItems`
 * optional; `items` is the rest (`false`: none; absent: any further values, as JSON Schema says).
 */
function tupleType(prefixItems: JsonSchema[], schema: JsonSchema, name: TypeNamer): string {
  const required = schema.minItems ?? 0;
  const positions = prefixItems.map((item, index) => {
    const type = typeOf(item, name);
    return index < required ? type : `${group(type)}?`;
  });
  if (schema.items !== false) positions.push(`...${group(typeOf(schema.items ?? {}, name))}[]`);
  return `[${positions.join(', ')}]`;
}

/** An object type; its index signature's key is `string`, or a template (./key-types.ts). */
function objectType(schema: JsonSchema, name: TypeNamer): string {
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const optional = required.has(key) ? '' : '?';
    return `${docComment(property.description)}${propertyKey(key)}${optional}: ${typeOf(property, name)};`;
  });
  const extra = schema.additionalProperties;
  const key = keyType(schema);
  if (typeof extra === 'object') {
    // Declared properties must fit the index signature, so beside them it can only say `unknown`.
    members.push(`[key: ${key}]: ${members.length > 0 ? 'unknown' : typeOf(extra, name)};`);
  } else if (extra === true || (extra === undefined && members.length === 0)) {
    members.push(`[key: ${key}]: unknown;`);
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
 * A doc comment of paragraphs, each line as written (a description's list stays a list): one
 * line alone stays on one line (`/** GET /books *\/`); `indent` goes before each line.
 */
export function blockComment(paragraphs: readonly string[], indent: string): string {
  const lines = paragraphs
    .flatMap((paragraph, index) => [...(index > 0 ? [''] : []), ...paragraph.split(/\r?\n/)])
    .map((line) => line.replace(/\*\//g, '*\\/').trimEnd());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  const body = lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`));
  return [`${indent}/**`, ...body, `${indent} */`].join('\n');
}

/**
 * Parenthesizes a union or intersection so it can stand inside `T[]`, `T | null` or `A & B` (an
 * object type holding one is parenthesized too, which is harmless).
 */
function group(type: string): string {
  return type.includes(' | ') || type.includes(' & ') ? `(${type})` : type;
}
