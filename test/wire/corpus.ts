/**
 * Values of a schema, generated from a seed: each matches its type (rich values as the
 * JavaScript values they stand for), and each object carries, half the time, one key its type
 * does not declare, which a serializer must leave out. Strings include every kind JSON escapes.
 */
import type { JsonSchema } from '../../src/model/json-schema.js';
import { mainType, refName } from '../../src/model/json-schema.js';
import { splitNull } from '../../src/model/null-schema.js';

export type Schemas = Record<string, JsonSchema>;

const STRINGS = [
  '',
  'a',
  'é',
  'say "hi"',
  'back\\slash',
  'line\nbreak\ttab',
  '\u0001\u001f',
  '\u2028',
  '😀',
  '\ud800',
  'x'.repeat(80),
];
const NUMBERS = [0, -1.5, 3.25, 1e21, -0, 123456.789, 5e-7];
const INTEGERS = [0, 1, -7, 42, 9007199254740991];
const ANY_VALUES: unknown[] = [{ a: 1, b: [true, null] }, ['x', 2], 'text', 5, null, false];

/** A small deterministic generator (mulberry32). */
export class Random {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const MAX_DEPTH = 4;

export function generate(input: JsonSchema, schemas: Schemas, random: Random, depth = 0): unknown {
  const { schema, orNull } = splitNull(input);
  if (orNull && (depth >= MAX_DEPTH || random.chance(0.2))) return null;
  const name = refName(schema);
  if (name !== undefined) return generate(schemas[name] ?? {}, schemas, random, depth + 1);
  if (schema.enum !== undefined) return random.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const union = schema.oneOf ?? schema.anyOf;
  if (union !== undefined) return generate(random.pick(union), schemas, random, depth + 1);
  if (schema.allOf !== undefined) return generateAllOf(schema.allOf, schemas, random, depth);
  const rich = generateRich(schema, schemas, random, depth);
  if (rich !== undefined) return rich;
  if (schema.type === 'null') return null;
  switch (mainType(schema)) {
    case 'string':
      return random.pick(STRINGS);
    case 'number':
      return random.pick(NUMBERS);
    case 'integer':
      return random.pick(INTEGERS);
    case 'boolean':
      return random.chance(0.5);
    case 'array':
      return generateArray(schema, schemas, random, depth);
    case 'object':
      return generateObject(schema, schemas, random, depth);
    default:
      return schema.properties ? generateObject(schema, schemas, random, depth) : random.pick(ANY_VALUES);
  }
}

function generateRich(schema: JsonSchema, schemas: Schemas, random: Random, depth: number): unknown {
  switch (schema.svc?.rich) {
    case 'bytes':
      return randomBytes(random);
    case 'Date':
      return new Date(
        Date.UTC(2000 + Math.floor(random.next() * 30), 0, 1, 0, 0, 0, Math.floor(random.next() * 1e9)),
      );
    case 'URL':
      return new URL(
        `https://example.test/${Math.floor(random.next() * 100)}?q=${random.pick(['a', 'é', '"'])}`,
      );
    case 'bigint':
      return random.pick([0n, -5n, 123456789012345678901234567890n, 9007199254740993n]);
    case 'Set':
      return new Set(generateArray(schema, schemas, random, depth));
    case 'Map': {
      const entries = Object.entries(generateObject(schema, schemas, random, depth) as object);
      return new Map(entries);
    }
    default:
      return undefined;
  }
}

function randomBytes(random: Random): Uint8Array {
  const bytes = Array.from({ length: Math.floor(random.next() * 6) }, () => Math.floor(random.next() * 256));
  return random.chance(0.5) ? Buffer.from(bytes) : new Uint8Array(bytes);
}

/** A tuple's elements by position (`prefixItems`), then as many of `items` as it allows. */
function generateArray(schema: JsonSchema, schemas: Schemas, random: Random, depth: number): unknown[] {
  const positions = schema.prefixItems ?? [];
  const length = depth >= MAX_DEPTH ? 0 : Math.floor(random.next() * 4);
  const most = schema.items === false ? positions.length : (schema.maxItems ?? Infinity);
  const count = Math.min(Math.max(length, schema.minItems ?? 0), most);
  return Array.from({ length: count }, (_, index) => {
    const item = positions[index] ?? (schema.items === false ? {} : (schema.items ?? {}));
    return generate(item, schemas, random, depth + 1);
  });
}

function generateObject(
  schema: JsonSchema,
  schemas: Schemas,
  random: Random,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  // Undeclared keys first sometimes: a serializer must not follow the value's key order.
  if (schema.properties && random.chance(0.5))
    out[`extra${Math.floor(random.next() * 9)}`] = random.pick(ANY_VALUES);
  const entries = Object.entries(schema.properties ?? {});
  for (const [key, child] of random.chance(0.3) ? [...entries].reverse() : entries) {
    if (required.has(key) || (depth < MAX_DEPTH && random.chance(0.6)))
      out[key] = generate(child, schemas, random, depth + 1);
    else if (random.chance(0.2)) out[key] = undefined;
  }
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false && depth < MAX_DEPTH) {
    for (let index = 0; index < Math.floor(random.next() * 3); index++)
      out[`k${index}`] =
        extra === true ? random.pick(ANY_VALUES) : generate(extra, schemas, random, depth + 1);
  }
  if (schema.properties && random.chance(0.3)) out.zzExtra = random.pick(STRINGS);
  return out;
}

function generateAllOf(members: JsonSchema[], schemas: Schemas, random: Random, depth: number): unknown {
  if (members.length === 1) return generate(members[0] as JsonSchema, schemas, random, depth + 1);
  const out: Record<string, unknown> = {};
  for (const member of members) Object.assign(out, generate(member, schemas, random, depth + 1));
  return out;
}
