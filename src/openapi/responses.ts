/**
 * A route's responses in the neutral document: the success response by return kind, then the
 * documented extras. An SSE route's own answer keeps its item schema (`itemSchema`, ./sse-items.ts);
 * each version says it its way.
 */
import type { ApiResponseModel, RouteModel } from '../model/app-model.js';
import { FRAMEWORK_STATUS, SHARED_RESPONSES } from '../model/framework-answers.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { NamedSchemas } from '../model/schema-walk.js';
import type { NeutralResponse } from './neutral.js';
import { publicSchema, type SchemaWriter } from './schemas.js';
import { sseItemSchema } from './sse-items.js';
import { downloadResponses } from './download-responses.js';
import { addRateLimitHeaders } from './rate-limit-headers.js';
import type { OpenApiReference } from './types.js';

type OpenApiResponse = NeutralResponse;

const RESPONSE_REF_PREFIX = '#/components/responses/';

const MEDIA_TYPES = {
  text: 'text/plain',
  json: 'application/json',
  bytes: 'application/octet-stream',
} as const;

/** The answer of a handler returning bytes, when the model gives no schema for it. */
const BYTES_SCHEMA: JsonSchema = { type: 'string', contentMediaType: MEDIA_TYPES.bytes };

/** `schemas`: the model's named schemas (an SSE item's kinds of text are read through them). */
export function documentResponses(
  route: RouteModel,
  schemas: NamedSchemas,
  write: SchemaWriter = publicSchema,
): Record<string, OpenApiResponse | OpenApiReference> {
  const responses = new Map<number, OpenApiResponse | OpenApiReference>();
  const success = successResponse(route, schemas, write);
  responses.set(success.status, success.response);
  for (const [status, response] of downloadResponses(route, success.response))
    responses.set(status, response);
  for (const extra of route.doc.responses) {
    // A rate-limited route's answers each carry its headers, which a shared `$ref` cannot add.
    if (extra.shared && !route.rateLimit) {
      responses.set(extra.status, { $ref: `${RESPONSE_REF_PREFIX}${SHARED_RESPONSES[extra.shared].name}` });
      continue;
    }
    const response: OpenApiResponse = { description: extra.description };
    const existing = responses.get(extra.status) as OpenApiResponse | undefined;
    if (extra.schema) {
      response.content = responseContent(extra, write);
    } else if (existing?.content) {
      // `@ApiResponse(200, {description})` re-describes the success response; its content stays.
      response.content = existing.content;
    }
    responses.set(extra.status, response);
  }
  const record = statusRecord<OpenApiResponse | OpenApiReference>();
  for (const status of [...responses.keys()].sort((a, b) => a - b)) record[status] = responses.get(status)!;
  if (route.rateLimit) addRateLimitHeaders(record);
  return record;
}

/**
 * The bodies of a response by media type: its own and its alternatives (a guard's block beside a
 * handler's error); two under one media type are a `oneOf`.
 */
function responseContent(
  response: ApiResponseModel,
  write: SchemaWriter,
): Record<string, { schema: JsonSchema }> {
  const byMedia = new Map<string, JsonSchema[]>();
  const bodies = [
    { schema: response.schema, mediaType: response.mediaType },
    ...(response.alternatives ?? []),
  ];
  for (const body of bodies) {
    const media = body.mediaType ?? MEDIA_TYPES.json;
    byMedia.set(media, [...(byMedia.get(media) ?? []), write(body.schema ?? {})]);
  }
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const [media, schemas] of byMedia) {
    content[media] = { schema: schemas.length === 1 ? (schemas[0] as JsonSchema) : { oneOf: schemas } };
  }
  return content;
}

/** Far beyond any status code: setting (then deleting) it leaves an object's elements sparse. */
const SPARSE_INDEX = 1 << 20;

/**
 * An empty record for keys that are status codes. Integer keys live in V8's elements store, which
 * for `{}` grows as an array up to the highest index: every `responses` object of the document
 * held a 617-slot array (5 KB; 15 MB per document of 3000 operations, copied by the garbage
 * collector and walked by JSON and YAML writing). A record that once held a far index keeps
 * its elements in a small dictionary instead. Keys and their order are the same either way.
 */
function statusRecord<T>(): Record<number, T> {
  const record: Record<number, T | undefined> = {};
  record[SPARSE_INDEX] = undefined;
  delete record[SPARSE_INDEX];
  return record as Record<number, T>;
}

/** The same statuses, each response replaced by `map(response)` (kept in a sparse record too). */
export function mapResponses<T, U>(responses: Record<string, T>, map: (response: T) => U): Record<string, U> {
  const record = statusRecord<U>() as Record<string, U>;
  for (const status in responses) record[status] = map(responses[status] as T);
  return record;
}

/** `components.responses`: each shared answer the routes refer to, written once, sorted by name. */
export function sharedResponses(
  routes: readonly RouteModel[],
  write: SchemaWriter = publicSchema,
): Record<string, OpenApiResponse> {
  const shared = new Map<string, OpenApiResponse>();
  // Rate-limited routes write theirs in place (documentResponses), so they refer to none.
  for (const response of routes.flatMap((route) => (route.rateLimit ? [] : route.doc.responses))) {
    if (!response.shared) continue;
    const name = SHARED_RESPONSES[response.shared].name;
    if (!shared.has(name)) shared.set(name, sharedResponse(response, write));
  }
  return Object.fromEntries([...shared.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function sharedResponse(response: ApiResponseModel, write: SchemaWriter): OpenApiResponse {
  const { description, schema, mediaType } = response;
  return schema
    ? { description, content: { [mediaType ?? 'application/json']: { schema: write(schema) } } }
    : { description };
}

function successResponse(
  route: RouteModel,
  schemas: NamedSchemas,
  write: SchemaWriter,
): { status: number; response: OpenApiResponse } {
  if (route.kind === 'websocket')
    return { status: FRAMEWORK_STATUS.webSocketAccepted, response: { description: 'Switching Protocols' } };
  if (route.kind === 'sse') {
    const itemSchema = sseItemSchema(route.returns.schema, schemas);
    return {
      status: route.statusCode,
      response: { description: 'Success', content: { 'text/event-stream': { itemSchema } } },
    };
  }
  const { kind, schema } = route.returns;
  if (kind === 'void' || kind === 'stream')
    return { status: route.statusCode, response: { description: 'Success' } };
  const listed = route.returns.mediaTypes;
  if (listed !== undefined) {
    return {
      status: route.statusCode,
      response: { description: 'Success', content: listedContent(listed, write) },
    };
  }
  const documented = write(schema ?? (kind === 'bytes' ? BYTES_SCHEMA : {}));
  // `@contentType` names the media type of the wire; the schema of bytes carries it too.
  const mediaType = route.returns.mediaType ?? MEDIA_TYPES[kind];
  return {
    status: route.statusCode,
    response: { description: 'Success', content: { [mediaType]: { schema: documented } } },
  };
}

/**
 * A download whose `@contentType` lists several types or a range: each is one the answer may be,
 * its bytes' schema naming it (a range names the range).
 */
function listedContent(
  types: readonly string[],
  write: SchemaWriter,
): Record<string, { schema: JsonSchema }> {
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const type of types) content[type] = { schema: write({ type: 'string', contentMediaType: type }) };
  return content;
}
