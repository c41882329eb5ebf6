/**
 * An independent JSON Schema 2020-12 reading of a golden: ajv's 2020 dialect with ajv-formats in
 * strict mode, and none of the runtime's own schema rewrites (src/runtime/validation), so a
 * golden has to mean what it says to any 2020-12 validator. The case's components are placed
 * beside each schema under `components.schemas`, where its `#/components/schemas/X` refs point.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../../../src/model/json-schema.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Keywords that only annotate, for a validator: svc's hints, OpenAPI's `example` and
 * `discriminator` (the `oneOf` beside it decides alone), and the `components` holder added here.
 */
const ANNOTATIONS = ['svc', 'example', 'discriminator', 'components'];

type Schemas = Record<string, JsonSchema>;

export interface SchemaValidator {
  /** The compiled validator of one subject of the golden. */
  compile(subject: string): ValidateFunction;
  /** Every subject or component that is not valid 2020-12 or does not compile in strict mode. */
  problems(): string[];
}

export function schemaValidator(subjects: Schemas, components: Schemas): SchemaValidator {
  const ajv = strictAjv(vendorKeywords([subjects, components]));
  const rooted = (schema: JsonSchema): object => ({ ...schema, components: { schemas: components } });
  // A component is compiled through a reference to it, as the subjects reach it.
  const checked: { where: string; schema: JsonSchema; root: object }[] = [
    ...Object.entries(subjects).map(([where, schema]) => ({ where, schema, root: rooted(schema) })),
    ...Object.entries(components).map(([name, schema]) => ({
      where: `component ${name}`,
      schema,
      root: rooted({ $ref: `#/components/schemas/${name}` }),
    })),
  ];
  return {
    compile: (subject) => {
      const schema = subjects[subject];
      if (schema === undefined) throw new Error(`no subject ${subject} in the golden`);
      return ajv.compile(rooted(schema));
    },
    problems: () => checked.flatMap(({ where, schema, root }) => problemsOf(ajv, where, schema, root)),
  };
}

/**
 * Strict mode, with two of its checks off for forms the model writes on purpose: a type array
 * (`['string', 'null']`, the model's "or null") and a tuple whose length is open (`[A, B?]` has
 * `minItems` below the number of `prefixItems`; `[A, ...B[]]` has an `items` schema). ajv also
 * knows OpenAPI 3.0's `nullable` by default: removed, so a golden in the old form is an error.
 */
function strictAjv(extraKeywords: string[]): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictTuples: false, allErrors: true });
  ajv.removeKeyword('nullable');
  addFormats(ajv);
  for (const keyword of [...ANNOTATIONS, ...extraKeywords]) ajv.addKeyword({ keyword });
  return ajv;
}

function problemsOf(ajv: Ajv2020, where: string, schema: JsonSchema, root: object): string[] {
  if (!ajv.validateSchema(schema)) return [`${where}: not JSON Schema 2020-12: ${ajv.errorsText()}`];
  try {
    ajv.compile(root);
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

/**
 * A user's `x-` extensions (from `@schema`/`@ApiType`) are annotations too; strict mode wants them
 * named. Not `x-svc-*`: svc's own facts live under `svc`, so such a keyword is an old form.
 */
function vendorKeywords(value: unknown): string[] {
  const found = new Set<string>();
  JSON.stringify(value, (key: string, inner: unknown) => {
    if (key.startsWith('x-') && !key.startsWith('x-svc-')) found.add(key);
    return inner;
  });
  return [...found];
}
