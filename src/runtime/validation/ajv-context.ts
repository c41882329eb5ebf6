/**
 * One ajv setup per (named schemas, unknown-properties mode), holding every named schema once;
 * validators are compiled once per distinct parameter schema and shared, so two parameters
 * typed `CreateUser` use the same compiled function.
 *
 * Each setup compiles a schema in one of two error modes. `all` lists every error and suits
 * small values; ajv keeps going through a large invalid value, so a 1 MB array of wrong items
 * would yield half a million errors. `first` stops at the first error: request bodies use it,
 * and get the `all` validator (compiled on first use) only for a body small enough to list
 * (body.ts).
 *
 * A `first` validator is first looked up in the code `svc build` emitted (src/runtime/compiled),
 * by its schema's content, and compiled only when it is not there. A build context (`build`)
 * compiles with ajv's `code.source` on and records what it compiled, by that same key, for
 * emit-module.ts to write as code.
 */
import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Code } from 'ajv/dist/compile/codegen/index.js';
import type { JsonSchema } from '../../model/json-schema.js';
import type { NamedSchemas } from '../../model/schema-walk.js';
import {
  AJV_REF_PREFIX,
  DEFINITIONS_ID,
  namesMergedInAllOf,
  toAjvSchema,
  type AjvSchema,
} from './ajv-schema.js';
import { addIntegerKeywords } from './ajv-integer.js';
import { codegen } from './ajv-keyword-code.js';
import { addPatternKeyword } from './ajv-pattern.js';
import { validatorKey } from '../compiled/keys.js';
import { compiledFor, type CompiledStore } from '../compiled/store.js';

interface AjvModules {
  Ajv2020: new (options: Options) => Ajv2020;
  addFormats: (ajv: Ajv2020) => Ajv2020;
}

let ajvModules: AjvModules | undefined;
const requireHere = createRequire(import.meta.url);

/**
 * ajv and ajv-formats, loaded on the first compile: a start that loads every validator from the
 * build's module never loads them (hundreds of files: half a second of a busy machine's start).
 */
function loadAjv(): AjvModules {
  if (ajvModules) return ajvModules;
  const { Ajv2020 } = requireHere('ajv/dist/2020.js') as Pick<AjvModules, 'Ajv2020'>;
  // ajv-formats is CommonJS with its function as `default`.
  const formats = requireHere('ajv-formats') as { default: AjvModules['addFormats'] };
  return (ajvModules = { Ajv2020, addFormats: formats.default });
}

export type UnknownMode = 'keep' | 'strip' | 'reject';

/** Whether a validator reports every error (`all`) or stops at the first (`first`). */
export type ErrorMode = 'all' | 'first';

/** A validator a build context compiled: its key (compiled/keys.ts), schema and ajv instance. */
export interface RecordedValidator {
  key: string;
  schema: AjvSchema;
  ajv: Ajv2020;
}

export class AjvContext {
  private readonly compilers: Record<ErrorMode, Compiler>;
  private readonly transformed = new Map<string, AjvSchema>();
  private transformedDefinitions: Record<string, AjvSchema> | undefined;
  private readonly compiled: CompiledStore | undefined;
  /** A build context's validators, by key; undefined at run time. */
  readonly recorded: Map<string, RecordedValidator> | undefined;

  constructor(
    readonly schemas: NamedSchemas,
    readonly mode: UnknownMode,
    build = false,
  ) {
    const definitions = () => this.definitions;
    this.compilers = {
      all: new Compiler(definitions, true, build),
      first: new Compiler(definitions, false, build),
    };
    this.compiled = build ? undefined : compiledFor(schemas);
    this.recorded = build ? new Map() : undefined;
  }

  /** Every named schema transformed, on first need: a start that loads its validators has none. */
  private get definitions(): Record<string, AjvSchema> {
    if (this.transformedDefinitions) return this.transformedDefinitions;
    const rejectUnknown = this.mode === 'reject';
    const open = namesMergedInAllOf(this.schemas);
    const definitions: Record<string, AjvSchema> = {};
    for (const [name, schema] of Object.entries(this.schemas))
      definitions[name] = toAjvSchema(schema, { rejectUnknown }, open.has(name));
    return (this.transformedDefinitions = definitions);
  }

  /** The compiled validator of a parameter schema, shared by every parameter with an equal schema. */
  validator(schema: JsonSchema, errors: ErrorMode = 'all'): ValidateFunction {
    const json = JSON.stringify(schema);
    // `all` validators are compiled on first use, on the error path: only `first` ones are emitted.
    const key =
      errors === 'first' && (this.compiled || this.recorded) ? validatorKey(errors, json) : undefined;
    const emitted = key === undefined ? undefined : this.compiled?.validator(this.mode, key);
    if (emitted) return emitted;
    let ajvSchema = this.transformed.get(json);
    if (!ajvSchema) {
      ajvSchema = toAjvSchema(schema, { rejectUnknown: this.mode === 'reject' });
      this.transformed.set(json, ajvSchema);
    }
    const validate = this.compilers[errors].validator(ajvSchema);
    if (key !== undefined && this.recorded)
      this.recorded.set(key, { key, schema: ajvSchema, ajv: this.compilers[errors].compiledBy(ajvSchema) });
    return validate;
  }

  /** A validator for one already-transformed union member, compiled on first use (error path only). */
  branchValidator(branch: object, errors: ErrorMode = 'all'): ValidateFunction {
    return this.compilers[errors].validator(branch as AjvSchema);
  }

  /** A transformed schema with a top-level reference to a named schema followed. */
  resolve(schema: Record<string, unknown>): Record<string, unknown> {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(AJV_REF_PREFIX)) return schema;
    return this.definitions[ref.slice(AJV_REF_PREFIX.length)] ?? {};
  }
}

/**
 * The ajv instances of one error mode, made on first use (an app whose requests are all valid
 * never makes the `all` one), and the validators they compiled, by schema object.
 */
class Compiler {
  private readonly validators = new WeakMap<AjvSchema, ValidateFunction>();
  private ajv: Ajv2020 | undefined;
  private fallback: Ajv2020 | undefined;
  private readonly fallbackCompiled = new WeakSet<AjvSchema>();

  constructor(
    private readonly definitions: () => Record<string, AjvSchema>,
    private readonly allErrors: boolean,
    private readonly source: boolean,
  ) {}

  /** The instance that compiled `schema` (the fallback one when ajv's discriminator refused it). */
  compiledBy(schema: AjvSchema): Ajv2020 {
    return this.fallback && this.fallbackCompiled.has(schema) ? this.fallback : (this.ajv as Ajv2020);
  }

  validator(schema: AjvSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** ajv's discriminator support has preconditions (tag required, const/enum tags); fall back when unmet. */
  private compile(schema: AjvSchema): ValidateFunction {
    try {
      this.ajv ??= createAjv(true, this.allErrors, this.definitions(), this.source);
      return this.ajv.compile(schema);
    } catch (error) {
      if (!String((error as Error).message).startsWith('discriminator')) throw error;
      this.fallback ??= createAjv(false, this.allErrors, this.definitions(), this.source);
      this.fallbackCompiled.add(schema);
      return this.fallback.compile(schema);
    }
  }
}

/**
 * ajv's JSON Schema 2020-12 dialect, the model's. `strict: false` lets ajv compile the keywords
 * it does not know (OpenAPI's `example`, a user's `x-` extensions), and would also turn off
 * `strictNumbers`: that one stays on, so `Infinity` (JSON's `1e400`) and `NaN` are not numbers.
 * `verbose` puts the schema and the data on each error: union and key errors are told from them
 * (ajv-errors.ts). `source` (the build): each validator keeps its code, the formats' code names
 * ajv-formats' table, for ajv's standalone code.
 */
function createAjv(
  discriminator: boolean,
  allErrors: boolean,
  definitions: Record<string, AjvSchema>,
  source: boolean,
): Ajv2020 {
  const { Ajv2020, addFormats } = loadAjv();
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    allErrors,
    verbose: true,
    discriminator,
    logger: false,
    ...(source && { code: { source: true, formats: formatsCode() } }),
  });
  addFormats(ajv);
  addPatternKeyword(ajv);
  addIntegerKeywords(ajv);
  ajv.addSchema({ $id: DEFINITIONS_ID, $defs: definitions });
  return ajv;
}

/** ajv-formats' formats as emitted code names them (resolved by compiled/section-require.ts). */
function formatsCode(): Code {
  return codegen()._`require("ajv-formats/dist/formats").fullFormats`;
}

const contexts = new WeakMap<NamedSchemas, Map<UnknownMode, AjvContext>>();

/** The shared context for this schemas object and mode. */
export function ajvContext(schemas: NamedSchemas, mode: UnknownMode): AjvContext {
  let byMode = contexts.get(schemas);
  if (!byMode) contexts.set(schemas, (byMode = new Map()));
  let context = byMode.get(mode);
  if (!context) byMode.set(mode, (context = new AjvContext(schemas, mode)));
  return context;
}

/**
 * A build context (see AjvContext) made the shared one for this schemas object and mode, so the
 * same compileCoercer calls start-up makes compile through it and it records what they compiled.
 */
export function buildAjvContext(schemas: NamedSchemas, mode: UnknownMode): AjvContext {
  let byMode = contexts.get(schemas);
  if (!byMode) contexts.set(schemas, (byMode = new Map()));
  const context = new AjvContext(schemas, mode, true);
  byMode.set(mode, context);
  return context;
}
