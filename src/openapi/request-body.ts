/**
 * The media types of a request body that is not JSON (the app model's `bodyMedia`):
 * `multipart/form-data` with an `encoding` entry per file field whose `@contentMediaType` limits
 * its parts, `application/x-www-form-urlencoded` (and JSON where the route takes it too), or the
 * raw body's media types. A `File` field's schema is an octet-stream string (3.0.3: `format: binary`).
 */
import type { BodyMediaModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { OpenApiMediaType } from './types.js';

type Content = Record<string, OpenApiMediaType<JsonSchema>>;

const OCTET_STREAM: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

export function bodyMediaContent(media: BodyMediaModel, schema: JsonSchema): Content {
  switch (media.kind) {
    case 'multipart':
      return { 'multipart/form-data': multipartMedia(media, schema) };
    case 'form':
      return media.json
        ? { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } }
        : { 'application/x-www-form-urlencoded': { schema } };
    case 'bytes':
    case 'stream':
      return Object.fromEntries(media.mediaTypes.map((type) => [type, { schema: OCTET_STREAM }]));
  }
}

function multipartMedia(
  media: Extract<BodyMediaModel, { kind: 'multipart' }>,
  schema: JsonSchema,
): OpenApiMediaType<JsonSchema> {
  const limited = media.files.filter((field) => field.mediaTypes !== undefined);
  if (limited.length === 0) return { schema };
  const encoding = Object.fromEntries(
    limited.map((field) => [field.name, { contentType: (field.mediaTypes as string[]).join(', ') }]),
  );
  return { schema, encoding };
}
