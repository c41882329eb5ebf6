/**
 * Validators for one document's schemas, in that document's dialect: JSON Schema 2020-12 with
 * Ajv2020 for 3.1 and 3.2 (a JSON string's `contentSchema` checked too: an SSE item's data); for 3.0.3 draft-07 ajv, its Schema Object said as JSON Schema first
 * (`nullable` without a `type`, and svc's `x-prefixItems`/`x-propertyNames`, which say positions
 * and key patterns 3.0.3 has no keyword for). `$ref`s resolve against the document's components.
 */
import { Ajv, type AnySchemaObject, type FuncKeywordDefinition, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { speaks2020, versionOf, type SpecDocument, type SpecSchema } from './spec-types.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv | Ajv2020) => void;

/** What a keyword's `compile` gives: a check of the data, its `errors` set when it fails. */
type DataCheck = ReturnType<NonNullable<FuncKeywordDefinition['compile']>>;

export class SchemaCheck {
  private readonly ajv: Ajv | Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly reads2020: boolean;

  constructor(document: SpecDocument) {
    this.reads2020 = speaks2020(versionOf(document));
    const options = { strict: false, allErrors: false };
    this.ajv = this.reads2020 ? jsonContentChecking(new Ajv2020(options)) : new Ajv(options);
    addFormats(this.ajv);
    this.ajv.addSchema(
      this.rebased({ components: { schemas: document.components?.schemas ?? {} } }),
      'doc.json',
    );
  }

  /** Undefined when `value` matches `schema`, else ajv's message. */
  problem(schema: SpecSchema, value: unknown): string | undefined {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.rebased(schema));
      this.cache.set(key, validate);
    }
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors);
  }

  private rebased(value: unknown): object {
    const text = JSON.stringify(value).replaceAll('"#/components/schemas/', '"doc.json#/components/schemas/');
    if (this.reads2020) return JSON.parse(text) as object;
    return JSON.parse(text, (_key, inner: unknown) => asJsonSchema(inner)) as object;
  }
}

/**
 * 2020-12 only annotates with `contentSchema`; a 3.2 SSE item's `data` is JSON text whose value
 * the item's schema describes there, so the checker asserts it: the text parses, the value matches.
 */
function jsonContentChecking(ajv: Ajv2020): Ajv2020 {
  ajv.removeKeyword('contentSchema');
  ajv.addKeyword({
    keyword: 'contentSchema',
    type: 'string',
    schemaType: 'object',
    compile(schema: object, parent: AnySchemaObject) {
      if (parent.contentMediaType !== 'application/json') return () => true;
      const inner = ajv.compile(schema);
      const check: DataCheck = (text: string) => {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          check.errors = [{ message: 'must be JSON text' }];
          return false;
        }
        if (inner(value)) return true;
        const why = ajv.errorsText(inner.errors, { dataVar: 'the JSON' });
        check.errors = [{ message: `must be JSON text matching its contentSchema (${why})` }];
        return false;
      };
      return check;
    },
  });
  return ajv;
}

/** One 3.0.3 schema object as draft-07 JSON Schema (its children are already converted). */
function asJsonSchema(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return positioned(namedKeys(untypedNullable(value as Record<string, unknown>)));
}

/**
 * OpenAPI 3.0's `nullable: true` on a schema without `type` (`{anyOf: [...], nullable: true}`) means
 * "or null"; ajv reads `nullable` only beside `type`, so say it as JSON Schema: `anyOf [it, null]`.
 */
function untypedNullable(schema: Record<string, unknown>): Record<string, unknown> {
  const { nullable, ...rest } = schema;
  if (nullable !== true || 'type' in rest) return schema;
  return { anyOf: [rest, { enum: [null] }] };
}

/**
 * svc's `x-prefixItems: [A, B]` beside `items` (the union of every element) says the positions:
 * draft-07's tuple form, `items: [A, B]`, the union left for any element after them.
 */
function positioned(schema: Record<string, unknown>): Record<string, unknown> {
  const { 'x-prefixItems': positions, ...rest } = schema;
  if (!Array.isArray(positions)) return schema;
  return { ...rest, items: positions, ...(rest.items !== undefined && { additionalItems: rest.items }) };
}

/** svc's `x-propertyNames` is draft-07's `propertyNames`. */
function namedKeys(schema: Record<string, unknown>): Record<string, unknown> {
  const { 'x-propertyNames': names, ...rest } = schema;
  return names === undefined ? schema : { ...rest, propertyNames: names };
}
