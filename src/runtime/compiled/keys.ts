/**
 * The names under which `svc build` files each compiled validator and serializer, and the stamp
 * that says which named schemas they were compiled against. Both sides (the build writing
 * app-compiled.mjs, start-up looking a schema up in it) name a schema by its content, so a
 * schema that changed since the build is simply not found and is compiled at start.
 */
import { createHash } from 'node:crypto';
import type { JsonSchema } from '../../model/json-schema.js';
import type { NamedSchemas } from '../../model/schema-walk.js';

/**
 * Bumped whenever the code the generators write changes shape (a helper's name, the layout of
 * app-compiled.mjs): an older build's module is then stale, not misread.
 */
export const COMPILED_FORMAT = 1;

function contentKey(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 24);
}

/** `errors`: the validator's error mode; `schemaJson`: the schema as AjvContext keys it. */
export function validatorKey(errors: string, schemaJson: string): string {
  return contentKey(`${errors}\n${schemaJson}`);
}

export function serializerKey(schema: JsonSchema): string {
  return contentKey(JSON.stringify(schema));
}

/** A `$ref` inside any compiled code means the named schemas it was compiled against. */
export function schemasStamp(schemas: NamedSchemas): string {
  return contentKey(`${COMPILED_FORMAT}\n${JSON.stringify(schemas)}`);
}
