/** Builds ParamModels the way the analyzer does, and runs one coercer call. */
import type { ParamModel, ParamSource } from '../../src/model/app-model.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileCoercer, type CoercerOptions, type InputError } from '../../src/runtime/validation/index.js';

export function param(
  source: ParamSource,
  key: string | string[],
  schema: JsonSchema,
  extra: Partial<ParamModel> = {},
): ParamModel {
  return {
    file: 'src/users.controller.ts',
    line: 1,
    index: 0,
    name: Array.isArray(key) ? 'body' : key,
    source,
    key,
    required: true,
    schema,
    ...extra,
  };
}

export interface Outcome {
  value: unknown;
  errors: InputError[];
}

/** Compiles the coercer and returns a function running it once per raw value. */
export function coercer(
  model: ParamModel,
  schemas: Record<string, JsonSchema> = {},
  unknownProperties: CoercerOptions['unknownProperties'] = 'keep',
): (raw: unknown) => Outcome {
  const coerce = compileCoercer(model, { schemas, unknownProperties });
  return (raw) => {
    const errors: InputError[] = [];
    const value = coerce(raw, errors);
    return { value, errors };
  };
}

/** Shorthand: a required query parameter `q` of the given schema. */
export function query(schema: JsonSchema, schemas: Record<string, JsonSchema> = {}, required = true) {
  return coercer(param('query', 'q', schema, { required }), schemas);
}
