/**
 * Validates wire values against schemas of a written OpenAPI 3.0.3 document. Independent of
 * svc's own validator on purpose: the proof must not share code with what it checks. OpenAPI
 * schemas become JSON Schema for ajv: `nullable` adds null, `$ref`s point into the document,
 * OpenAPI-only keywords (`discriminator`, `example`, `deprecated`) are dropped.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type Schema = Record<string, unknown>;

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const DOCUMENT_ID = 'openapi.json';
const OPENAPI_ONLY = new Set(['discriminator', 'example', 'deprecated', 'xml', 'externalDocs']);
const NESTED_LISTS = ['allOf', 'oneOf', 'anyOf'];

/** OpenAPI 3.0 schema object → JSON Schema (draft-07, as ajv reads it). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (OPENAPI_ONLY.has(key) || key === 'nullable') continue;
    if (key === '$ref') out.$ref = String(value).replace(/^#/, `${DOCUMENT_ID}#`);
    else if (key === 'properties') out.properties = mapValues(value as Schema, toJsonSchema);
    else if (key === 'items' || key === 'additionalProperties' || key === 'not')
      out[key] = toJsonSchema(value);
    else if (NESTED_LISTS.includes(key)) out[key] = (value as unknown[]).map(toJsonSchema);
    else out[key] = value;
  }
  return (schema as Schema).nullable === true ? allowNull(out) : out;
}

function allowNull(schema: Schema): Schema {
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...(schema.enum as unknown[]), null];
  if (typeof schema.type === 'string' && schema.$ref === undefined) {
    return { ...schema, type: [schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function mapValues(record: Schema, map: (value: unknown) => unknown): Schema {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/** Compiles validators for one document's schemas, once per distinct schema object. */
export class DocumentValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(document: { components?: { schemas?: Schema } }) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
      this.ajv.addFormat(format, true);
    }
    const schemas = mapValues(document.components?.schemas ?? {}, toJsonSchema);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });
  }

  /** The validation errors of `value` against `schema`, as readable lines (empty when valid). */
  errors(schema: Schema, value: unknown): string[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Schema);
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  }
}
