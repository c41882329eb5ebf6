/**
 * One ajv instance per (named schemas, unknown-properties mode), holding every named schema
 * once; validators are compiled once per distinct parameter schema and shared, so two
 * parameters typed `CreateUser` use the same compiled function.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../../model/json-schema.js';
import {
  AJV_REF_PREFIX,
  DEFINITIONS_ID,
  namesMergedInAllOf,
  toAjvSchema,
  type AjvSchema,
} from './ajv-schema.js';
import { addIntegerKeywords } from './ajv-integer.js';
import { addPatternKeyword } from './ajv-pattern.js';
import type { Schemas } from './schema-walk.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export type UnknownMode = 'keep' | 'strip' | 'reject';

export class AjvContext {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly branchValidators = new WeakMap<object, ValidateFunction>();
  private fallback: Ajv | undefined;
  private readonly ajv: Ajv;
  private readonly definitions: Record<string, AjvSchema>;

  constructor(
    readonly schemas: Schemas,
    readonly mode: UnknownMode,
  ) {
    const rejectUnknown = mode === 'reject';
    const open = namesMergedInAllOf(schemas);
    this.definitions = {};
    for (const [name, schema] of Object.entries(schemas))
      this.definitions[name] = toAjvSchema(schema, { rejectUnknown }, open.has(name));
    this.ajv = createAjv(true, this.definitions);
  }

  /** The compiled validator of a parameter schema, shared by every parameter with an equal schema. */
  validator(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.compile(toAjvSchema(schema, { rejectUnknown: this.mode === 'reject' }));
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** A validator for one already-transformed union member, compiled on first use (error path only). */
  branchValidator(branch: object): ValidateFunction {
    let validate = this.branchValidators.get(branch);
    if (!validate) {
      validate = this.compile(branch as AjvSchema);
      this.branchValidators.set(branch, validate);
    }
    return validate;
  }

  /** A transformed schema with a top-level reference to a named schema followed. */
  resolve(schema: Record<string, unknown>): Record<string, unknown> {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(AJV_REF_PREFIX)) return schema;
    return this.definitions[ref.slice(AJV_REF_PREFIX.length)] ?? {};
  }

  /** ajv's discriminator support has preconditions (tag required, const/enum tags); fall back when unmet. */
  private compile(schema: AjvSchema): ValidateFunction {
    try {
      return this.ajv.compile(schema);
    } catch (error) {
      if (!String((error as Error).message).startsWith('discriminator')) throw error;
      this.fallback ??= createAjv(false, this.definitions);
      return this.fallback.compile(schema);
    }
  }
}

function createAjv(discriminator: boolean, definitions: Record<string, AjvSchema>): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, discriminator, logger: false });
  addFormats(ajv);
  addPatternKeyword(ajv);
  addIntegerKeywords(ajv);
  ajv.addSchema({ $id: DEFINITIONS_ID, definitions });
  return ajv;
}

const contexts = new WeakMap<Schemas, Map<UnknownMode, AjvContext>>();

/** The shared context for this schemas object and mode. */
export function ajvContext(schemas: Schemas, mode: UnknownMode): AjvContext {
  let byMode = contexts.get(schemas);
  if (!byMode) contexts.set(schemas, (byMode = new Map()));
  let context = byMode.get(mode);
  if (!context) byMode.set(mode, (context = new AjvContext(schemas, mode)));
  return context;
}
