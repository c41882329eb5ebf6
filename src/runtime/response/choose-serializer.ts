/**
 * Picks a route's JSON serializer once, at start-up, from its return schema: the engine's
 * JSON.stringify unless the schema may hold a Map, Set or bigint (or says nothing).
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { NEEDS_RICH_STRINGIFY } from '../../model/rich-types.js';
import { someSubSchema } from '../../model/schema-walk.js';
import { stringifyFast, stringifyRich } from './json.js';
import type { Serializer } from './send.js';

export function chooseSerializer(
  schema: JsonSchema | undefined,
  schemas: Record<string, JsonSchema>,
): Serializer {
  return schema === undefined || mayHoldRichValues(schema, schemas) ? stringifyRich : stringifyFast;
}

/** An unknown reference counts: nothing proves it holds no rich value. */
function mayHoldRichValues(schema: JsonSchema, schemas: Record<string, JsonSchema>): boolean {
  const rich = (node: JsonSchema): boolean => {
    const mark = node['x-svc-type'];
    return (mark !== undefined && NEEDS_RICH_STRINGIFY.has(mark)) || isOpen(node);
  };
  return someSubSchema(schema, rich, { schemas, unknownRef: true });
}

/** `{}` (unknown, any) or an object with free-form values: anything may be inside. */
function isOpen(schema: JsonSchema): boolean {
  if (schema.additionalProperties === true) return true;
  return (
    schema.type === undefined &&
    schema.$ref === undefined &&
    schema.enum === undefined &&
    schema.oneOf === undefined &&
    schema.anyOf === undefined &&
    schema.allOf === undefined
  );
}
