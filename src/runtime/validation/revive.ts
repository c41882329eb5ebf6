/**
 * After a body validated: revive rich types (`svc.rich` Date, bigint, URL, Set, Map, bytes) and, in
 * `strip` mode, remove undeclared keys. Compiled once per schema; returns undefined when the
 * schema needs neither, so the common path is the validator alone. Runs on valid data only,
 * so it can trust the shapes.
 */
import { refName, type JsonSchema } from '../../model/json-schema.js';
import { splitNull } from '../../model/null-schema.js';
import type { AjvContext } from './ajv-context.js';
import { richTypeOf, svcTypeOf } from '../../model/rich-types.js';
import { resolveRef, someSubSchema, type NamedSchemas } from '../../model/schema-walk.js';

export type Transform = (value: unknown) => unknown;

type Obj = Record<string, unknown>;

export function compileRevive(
  schema: JsonSchema,
  context: AjvContext,
  strip: boolean,
): Transform | undefined {
  return new ReviveCompiler(context, strip).compile(schema);
}

class ReviveCompiler {
  private readonly named = new Map<string, { transform: Transform | undefined }>();
  private readonly schemas: NamedSchemas;

  constructor(
    private readonly context: AjvContext,
    private readonly strip: boolean,
  ) {
    this.schemas = context.schemas;
  }

  compile(input: JsonSchema, inAllOf = false): Transform | undefined {
    if (!this.needsWork(input)) return undefined;
    // A null is passed on as it is (below), so "or null" needs nothing of its own.
    const schema = splitNull(input).schema;
    const name = refName(schema);
    // A named schema merged with others must not be stripped of their keys: compile it uncached.
    if (name !== undefined && inAllOf) return this.compile(resolveRef(schema, this.schemas), true);
    if (name !== undefined) return this.compileNamed(name);
    const transform = this.compileNode(schema, inAllOf);
    return transform && ((value) => (value === null || value === undefined ? value : transform(value)));
  }

  /** Named schemas compile once; the slot is filled after compiling, so cycles call through it. */
  private compileNamed(name: string): Transform | undefined {
    let slot = this.named.get(name);
    if (!slot) {
      slot = { transform: undefined };
      this.named.set(name, slot);
      slot.transform = this.compile(this.schemas[name] ?? {});
    }
    const filled = slot;
    return (value) => (filled.transform ? filled.transform(value) : value);
  }

  private needsWork(schema: JsonSchema): boolean {
    const strip = this.strip;
    return someSubSchema(schema, (node) => svcTypeOf(node) !== undefined || (strip && isClosedObject(node)), {
      schemas: this.schemas,
    });
  }

  private compileNode(schema: JsonSchema, inAllOf: boolean): Transform | undefined {
    const rich = richTypeOf(schema);
    if (rich === 'Date') return (value) => (typeof value === 'string' ? new Date(value) : value);
    if (rich === 'URL')
      return (value) => (typeof value === 'string' && URL.canParse(value) ? new URL(value) : value);
    if (rich === 'bigint') return toBigInt;
    if (svcTypeOf(schema) === 'bytes') return fromBase64;
    if (schema.allOf) return this.compileAllOf(schema.allOf);
    const union = schema.oneOf ?? schema.anyOf;
    if (union) return this.compileUnion(union, schema.discriminator?.propertyName);
    if (schema.prefixItems || schema.items || rich === 'Set')
      return this.compileArray(schema, rich === 'Set');
    if (rich === 'Map') return this.compileMap(schema);
    return this.compileObject(schema, inAllOf);
  }

  private compileAllOf(members: JsonSchema[]): Transform | undefined {
    const transforms = members.map((member) => this.compile(member, members.length > 1)).filter(isDefined);
    if (transforms.length === 0) return undefined;
    return (value) => transforms.reduce((current, transform) => transform(current), value);
  }

  /** Each element by its tuple position (`prefixItems`), the rest by `items`. */
  private compileArray(schema: JsonSchema, toSet: boolean): Transform {
    const positions = (schema.prefixItems ?? []).map((item) => this.compile(item));
    const rest = schema.items ? this.compile(schema.items) : undefined;
    const revives = positions.some(isDefined) || rest !== undefined;
    return (value) => {
      if (!Array.isArray(value)) return value;
      if (revives)
        for (let index = 0; index < value.length; index++) {
          const item = index < positions.length ? positions[index] : rest;
          if (item) value[index] = item(value[index]);
        }
      return toSet ? new Set(value) : value;
    };
  }

  private compileMap(schema: JsonSchema): Transform {
    const entry =
      typeof schema.additionalProperties === 'object' ? this.compile(schema.additionalProperties) : undefined;
    return (value) => {
      const map = new Map<string, unknown>();
      for (const [key, item] of Object.entries(value as Obj)) map.set(key, entry ? entry(item) : item);
      return map;
    };
  }

  private compileObject(schema: JsonSchema, inAllOf: boolean): Transform | undefined {
    const properties = Object.entries(schema.properties ?? {})
      .map(([key, child]) => [key, this.compile(child)] as const)
      .filter((pair): pair is readonly [string, Transform] => pair[1] !== undefined);
    const extra =
      typeof schema.additionalProperties === 'object' ? this.compile(schema.additionalProperties) : undefined;
    const declared = new Set(Object.keys(schema.properties ?? {}));
    const strip = this.strip && !inAllOf && isClosedObject(schema);
    if (properties.length === 0 && !extra && !strip) return undefined;
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const object = value as Obj;
      for (const [key, transform] of properties) if (key in object) object[key] = transform(object[key]);
      if (extra || strip)
        for (const key of Object.keys(object)) {
          if (declared.has(key)) continue;
          if (strip) delete object[key];
          else if (extra) object[key] = extra(object[key]);
        }
      return object;
    };
  }

  /** The member a valid value belongs to: by discriminator tag, else the first that validates. */
  private compileUnion(members: JsonSchema[], tag: string | undefined): Transform | undefined {
    const transforms = members.map((member) => this.compile(member));
    if (transforms.every((transform) => transform === undefined)) return undefined;
    const byTag = tag === undefined ? undefined : this.tagTable(members, tag, transforms);
    if (byTag) return (value) => (byTag.get((value as Obj)[tag as string]) ?? identity)(value);
    const validators = members.map((member) => this.context.validator(member, 'first'));
    return (value) => {
      const index = validators.findIndex((validate) => validate(value));
      return (transforms[index] ?? identity)(value);
    };
  }

  private tagTable(members: JsonSchema[], tag: string, transforms: (Transform | undefined)[]) {
    const table = new Map<unknown, Transform>();
    for (const [index, member] of members.entries()) {
      const property = resolveRef(member, this.schemas).properties?.[tag];
      const values = property?.enum ?? (property?.const === undefined ? [] : [property.const]);
      if (values.length === 0) return undefined;
      for (const tagValue of values) table.set(tagValue, transforms[index] ?? identity);
    }
    return table;
  }
}

/** Object schemas with declared properties and no word on others: where strip/reject apply. */
export function isClosedObject(schema: JsonSchema): boolean {
  return schema.properties !== undefined && schema.additionalProperties === undefined;
}

function toBigInt(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return value;
}

/** A `Uint8Array`/`Buffer` property arrives as base64 (ajv checked it: ajv-schema.ts). */
function fromBase64(value: unknown): unknown {
  return typeof value === 'string' ? Buffer.from(value, 'base64') : value;
}

function identity(value: unknown): unknown {
  return value;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
