/**
 * Turns a route's return schema into one JavaScript function, the way fast-json-stringify turns
 * a response schema into one: each schema node becomes a generated function (a named schema
 * exactly one, so recursive types call themselves), scalars are written inline where their
 * parent is, and the whole source is evaluated once with `new Function`. The emitters (one file
 * per schema kind) return source text; this class holds what they share: the function table,
 * the constants the source refers to, and the named schemas. `svc build` writes the same source
 * into app-compiled.mjs (src/runtime/compiled/emit-module.ts), so `svc start` evaluates nothing.
 */
import { mainType, refName, type JsonSchema } from '../../model/json-schema.js';
import { splitNull } from '../../model/null-schema.js';
import { richTypeOf, svcTypeOf } from '../../model/rich-types.js';
import type { NamedSchemas } from '../../model/schema-walk.js';
import { emitArray } from './emit-array.js';
import { emitObject, isObjectSchema } from './emit-object.js';
import { inlineRich } from './emit-rich.js';
import { inlineScalar } from './emit-scalar.js';
import { emitUnion } from './emit-union.js';
import { mergeAllOf } from './merge-all-of.js';

export type Schemas = NamedSchemas;

/** Called once per dropped property (dev mode): where (schema name or path) and which key. */
export type DropReporter = (where: string, key: string) => void;

export class SerializerCompiler {
  private readonly functions: string[] = [];
  private readonly constants: unknown[] = [];
  private readonly named = new Map<string, string>();
  private count = 0;

  constructor(
    readonly schemas: Schemas,
    readonly reportDrop: DropReporter | undefined,
  ) {}

  /** The schema a `$ref` names (an unknown name describes nothing: `{}`). */
  resolve(schema: JsonSchema): JsonSchema {
    const name = refName(schema);
    return name === undefined ? schema : (this.schemas[name] ?? {});
  }

  /** A constant the generated source refers to by the returned name. */
  constant(value: unknown): string {
    this.constants.push(value);
    return `c${this.constants.length - 1}`;
  }

  /** Adds a function; `body` is written with the name it will have. */
  addFunction(build: (name: string) => string): string {
    const name = `f${this.count++}`;
    this.functions.push(build(name));
    return name;
  }

  /** The name of the function that writes any value of `schema` (`where` names it in drop reports). */
  functionFor(schema: JsonSchema, where: string): string {
    const name = refName(schema);
    if (name !== undefined) return this.namedFunction(name);
    return this.addFunction((fn) => `function ${fn}(v) { return ${this.inline(schema, 'v', where)}; }`);
  }

  /**
   * An expression writing the value `expr` holds, per `schema`. `expr` must be a plain variable
   * (it is read several times). Always a string; `null` where JSON has no value. A schema that
   * also admits null (src/model/null-schema.ts) writes it before anything else is looked at.
   */
  inline(schema: JsonSchema, expr: string, where: string): string {
    const { schema: value, orNull } = splitNull(schema);
    const written =
      value.$ref !== undefined
        ? `${this.functionFor(value, where)}(${expr})`
        : this.inlineNonNull(value, expr, where);
    return orNull ? `(${expr} === null ? 'null' : ${written})` : written;
  }

  private inlineNonNull(schema: JsonSchema, expr: string, where: string): string {
    const rich = richTypeOf(schema);
    if (rich !== undefined && rich !== 'Map' && rich !== 'Set') return inlineRich(rich, expr);
    if (svcTypeOf(schema) === 'bytes') return `writeBytes(${expr})`;
    // A lone `allOf` member (a user's `@schema` may say one) is the member itself.
    if (schema.allOf?.length === 1) return this.inline(schema.allOf[0] as JsonSchema, expr, where);
    if (schema.allOf !== undefined) return this.inline(mergeAllOf(schema, this), expr, where);
    if (schema.oneOf !== undefined || schema.anyOf !== undefined)
      return `${emitUnion(schema, this, where)}(${expr})`;
    const scalar = inlineScalar(schema, expr);
    if (scalar !== undefined) return scalar;
    if (mainType(schema) === 'array' || schema.prefixItems !== undefined || rich === 'Set')
      return `${emitArray(schema, this, where)}(${expr})`;
    if (isObjectSchema(schema)) return `${emitObject(schema, this, where)}(${expr})`;
    return `anyItem(${expr})`;
  }

  private namedFunction(name: string): string {
    const known = this.named.get(name);
    if (known !== undefined) return known;
    const target = this.schemas[name] ?? {};
    // Reserved before compiling the body, so a recursive reference finds it.
    const fn = `f${this.count++}`;
    this.named.set(name, fn);
    this.functions.push(`function ${fn}(v) { return ${this.inline(target, 'v', name)}; }`);
    return fn;
  }

  /**
   * The body of a function of `(helpers, constants)` returning the writer of the root schema.
   * Built only from schema facts, each key and constant quoted or passed by reference.
   */
  source(root: string, helperNames: readonly string[]): string {
    const constantNames = this.constants.map((_, index) => `c${index}`);
    return [
      `const { ${helperNames.join(', ')} } = helpers;`,
      `const [${constantNames.join(', ')}] = constants;`,
      ...this.functions,
      `return ${root};`,
    ].join('\n');
  }

  /** The values the source's `c0`, `c1`, ... name, in order. */
  constantValues(): readonly unknown[] {
    return this.constants;
  }

  /** Evaluates the generated source once; the result writes a value of the root schema. */
  finish(root: string, helpers: Record<string, unknown>): (value: unknown) => string {
    const build = new Function('helpers', 'constants', this.source(root, Object.keys(helpers))) as (
      helpers: Record<string, unknown>,
      constants: unknown[],
    ) => (value: unknown) => string;
    return build(helpers, this.constants);
  }
}
