/**
 * `@maxSize 5MB` on a `File` or `File[]` property: the bytes each file may have. The runtime
 * enforces it while the upload arrives (src/runtime/body/multipart.ts, from the model's file
 * fields); the schema says it as `maxLength` on the file's binary string, which the OpenAPI
 * specification (3.0.4, 3.1.1, 3.2) defines for unencoded binary as a number of octets.
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import { svcTypeOf } from '../../model/rich-types.js';

const SIZE = /^(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i;
const UNIT: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `5MB` → bytes (KB, MB and GB count 1024s, like KiB, MiB and GiB). */
export function parseSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (match === null) return undefined;
  const bytes = Math.floor(Number(match[1]) * (UNIT[(match[2] ?? 'b').toLowerCase()] as number));
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * The schema with `maxLength: bytes` on its file (a `File[]`: on each item). Any other schema is
 * returned as it is: the tag bounds files only (src/analyzer/body-media.ts reads it for them).
 */
export function withFileSize(schema: JsonSchema, bytes: number): JsonSchema {
  if (svcTypeOf(schema) === 'File') return { ...schema, maxLength: bytes };
  const items = schema.items;
  if (mainType(schema) === 'array' && typeof items === 'object' && svcTypeOf(items) === 'File')
    return { ...schema, items: { ...items, maxLength: bytes } };
  return schema;
}
