/**
 * A schema the user writes (`@schema {...}` in JSDoc, `@ApiType({...})`) is JSON Schema 2020-12,
 * like the model. A schema copied from an OpenAPI 3.0 document still works: its `nullable: true`
 * and boolean `exclusiveMinimum`/`exclusiveMaximum` are read as 3.0 meant them. This is the only
 * place the 3.0 forms are read.
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import { withNull } from '../../model/null-schema.js';
import { mapChildSchemas } from '../../model/schema-walk.js';
import { withSafeBounds } from './annotate.js';

type Schema30Keys = { nullable?: unknown; exclusiveMinimum?: unknown; exclusiveMaximum?: unknown };

export function userSchema(value: object): JsonSchema {
  const { nullable, ...rest } = mapChildSchemas(value as JsonSchema, userSchema) as JsonSchema & Schema30Keys;
  const bounded = withNumericBounds(rest);
  // The runtime refuses integers a JavaScript number cannot hold: the schema says so too.
  const schema =
    mainType(bounded) === 'integer' && bounded.svc === undefined ? withSafeBounds(bounded) : bounded;
  return nullable === true ? withNull(schema) : schema;
}

/** 3.0's `exclusiveMinimum: true` beside `minimum` → 2020-12's `exclusiveMinimum: <minimum>`. */
function withNumericBounds(schema: JsonSchema & Schema30Keys): JsonSchema {
  const out: Record<string, unknown> = { ...schema };
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    delete out[exclusive];
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      out[exclusive] = schema[bound];
      delete out[bound];
    }
  }
  return out as JsonSchema;
}
