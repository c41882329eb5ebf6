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
 */
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
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
import { addPatternKeyword } from './ajv-pattern.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export type UnknownMode = 'keep' | 'strip' | 'reject';

/** Whether a validator reports every error (`all`) or stops at the first (`first`). */
export type ErrorMode = 'all' | 'first';

export class AjvContext {
  private readonly compilers: Record<ErrorMode, Compiler>;
  private readonly transformed = new Map<string, AjvSchema>();
  private readonly definitions: Record<string, AjvSchema>;

  constructor(
    readonly schemas: NamedSchemas,
    readonly mode: UnknownMode,
  ) {
    const rejectUnknown = mode === 'reject';
    const open = namesMergedInAllOf(schemas);
    this.definitions = {};
    for (const [name, schema] of Object.entries(schemas))
      this.definitions[name] = toAjvSchema(schema, { rejectUnknown }, open.has(name));
    this.compilers = {
      all: new Compiler(this.definitions, true),
      first: new Compiler(this.definitions, false),
    };
  }

  /** The compiled validator of a parameter schema, shared by every parameter with an equal schema. */
  validator(schema: JsonSchema, errors: ErrorMode = 'all'): ValidateFunction {
    const key = JSON.stringify(schema);
    let ajvSchema = this.transformed.get(key);
    if (!ajvSchema) {
      ajvSchema = toAjvSchema(schema, { rejectUnknown: this.mode === 'reject' });
      this.transformed.set(key, ajvSchema);
    }
    return this.compilers[errors].validator(ajvSchema);
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

  constructor(
    private readonly definitions: Record<string, AjvSchema>,
    private readonly allErrors: boolean,
  ) {}

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
      this.ajv ??= createAjv(true, this.allErrors, this.definitions);
      return this.ajv.compile(schema);
    } catch (error) {
      if (!String((error as Error).message).startsWith('discriminator')) throw error;
      this.fallback ??= createAjv(false, this.allErrors, this.definitions);
      return this.fallback.compile(schema);
    }
  }
}

/**
 * ajv's JSON Schema 2020-12 dialect, the model's. `strict: false` lets ajv compile the keywords
 * it does not know (OpenAPI's `example`, a user's `x-` extensions), and would also turn off
 * `strictNumbers`: that one stays on, so `Infinity` (JSON's `1e400`) and `NaN` are not numbers.
 * `verbose` puts the schema and the data on each error: union and key errors are told from them
 * (ajv-errors.ts).
 */
function createAjv(
  discriminator: boolean,
  allErrors: boolean,
  definitions: Record<string, AjvSchema>,
): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    allErrors,
    verbose: true,
    discriminator,
    logger: false,
  });
  addFormats(ajv);
  addPatternKeyword(ajv);
  addIntegerKeywords(ajv);
  ajv.addSchema({ $id: DEFINITIONS_ID, $defs: definitions });
  return ajv;
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
