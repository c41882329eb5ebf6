/**
 * Combining several schemas into one (a union's members; a tuple's elements when the 3.0.3
 * document has to say them as one `items`). A union is `oneOf` only
 * when no value can match two of its members; otherwise `anyOf`, so that a strict validator
 * still accepts a value the TypeScript type accepts (`'a'` for `'a' | (string & {})`).
 */
import { mainType, refName, typesOf, type JsonSchema } from './json-schema.js';

/** Looks a component up by name (a `$ref`'s target), for telling members apart. */
export type ComponentLookup = (name: string) => JsonSchema | undefined;

/** The schemas without repeats, first occurrence kept (compared by their JSON text). */
export function distinctSchemas(schemas: readonly JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `oneOf` (disjoint) or `anyOf` (overlapping) of the distinct schemas, or the one schema left. */
export function unionOf(schemas: readonly JsonSchema[], lookup: ComponentLookup): JsonSchema {
  const distinct = distinctSchemas(schemas);
  if (distinct.length === 1 && distinct[0]) return distinct[0];
  // `{}` admits everything: a union containing it is `{}`.
  if (distinct.some((s) => Object.keys(s).length === 0)) return {};
  return areDisjoint(distinct, lookup) ? { oneOf: distinct } : { anyOf: distinct };
}

/** True when no JSON value can match two of the schemas: different JSON types, or disjoint enums. */
export function areDisjoint(schemas: readonly JsonSchema[], lookup: ComponentLookup): boolean {
  const shapes = schemas.map((schema) => shapeOf(schema, lookup, 0));
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (overlap(shapes[i], shapes[j])) return false;
    }
  }
  return true;
}

/** What a schema admits, as far as telling union members apart needs: its JSON type and enum. */
interface Shape {
  kind: string;
  values?: readonly unknown[];
}

function shapeOf(schema: JsonSchema, lookup: ComponentLookup, depth: number): Shape | undefined {
  const name = refName(schema);
  if (name !== undefined) {
    const target = depth < 8 ? lookup(name) : undefined;
    return target ? shapeOf(target, lookup, depth + 1) : undefined;
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return shapeOf(schema.allOf[0], lookup, depth + 1);
  // Several types (`['string', 'null']`) or none: assumed to overlap.
  const type = typesOf(schema).length === 1 ? mainType(schema) : undefined;
  if (type === undefined) return undefined;
  // `integer` values are `number` values: the two overlap.
  const kind = type === 'integer' ? 'number' : type;
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  return values ? { kind, values } : { kind };
}

/** Unknown shapes (no type, several types, a recursive placeholder) are assumed to overlap. */
function overlap(a: Shape | undefined, b: Shape | undefined): boolean {
  if (!a || !b) return true;
  if (a.kind !== b.kind) return false;
  if (!a.values || !b.values) return true;
  const values = new Set(a.values);
  return b.values.some((value) => values.has(value));
}
