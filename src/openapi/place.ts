/**
 * What the version writers share when they place the neutral document (./neutral.ts): the
 * document's frame (top-level keys in the order openapi, info, servers, security, tags, paths,
 * components),
 * the components a document reaches, and the 3.0.3/3.1 layout of operations, where a stream's
 * items cannot be said and the methods other than the five classic ones go under `x-svc-methods`.
 */
import type { JsonSchema } from '../model/json-schema.js';
import { reachableSchemas } from '../model/refs.js';
import { mapResponses } from './responses.js';
import type {
  NeutralDocument,
  NeutralMediaType,
  NeutralOperation,
  NeutralOperationFields,
  NeutralResponse,
} from './neutral.js';
import type {
  OpenApiMediaType,
  OpenApiOperation,
  OpenApiPathItem,
  OpenApiResponse,
  OpenApiTag,
} from './types.js';

/** The record with each value replaced, keys in their order. */
export function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) out[key] = map(value);
  return out;
}

/** How a version writes one schema of the neutral document. */
export type SchemaPlacer<S> = (schema: JsonSchema) => S;

/** The document around its paths and components. */
export function documentFrame<V extends string, P, C>(
  openapi: V,
  neutral: NeutralDocument,
  paths: Record<string, P>,
  components: C | undefined,
): {
  openapi: V;
  info: NeutralDocument['info'];
  servers?: { url: string }[];
  security?: [];
  tags?: OpenApiTag[];
  paths: Record<string, P>;
  components?: C;
} {
  return {
    openapi,
    info: neutral.info,
    ...(neutral.servers && { servers: neutral.servers }),
    ...(neutral.security && { security: neutral.security }),
    ...(neutral.tags.length > 0 && { tags: neutral.tags }),
    paths,
    ...(components && { components }),
  };
}

/**
 * `components`: the shared responses, the schemas the placed `paths` and responses reach (sorted,
 * each written by `place`), the security schemes; undefined when all are empty.
 */
export function placeComponents<S, R>(
  neutral: NeutralDocument,
  paths: unknown,
  responses: Record<string, R>,
  place: SchemaPlacer<S>,
): Components<S, R> | undefined {
  const reached = reachableSchemas({ paths, responses }, neutral.schemas);
  const components: Components<S, R> = {};
  if (Object.keys(reached).length > 0) components.schemas = mapValues(reached, place);
  if (Object.keys(responses).length > 0) components.responses = responses;
  if (Object.keys(neutral.securitySchemes).length > 0) components.securitySchemes = neutral.securitySchemes;
  return Object.keys(components).length > 0 ? components : undefined;
}

/**
 * How one version places each part of the neutral document: a path's operations, a shared
 * response, a component schema. The document writer places them all (`placeWith`); `svc dev`'s
 * writer places and writes each path once and keeps its text while its operations stand.
 */
export interface VersionPlacer {
  openapi: string;
  pathItem: (operations: readonly NeutralOperation[]) => object;
  response: (response: NeutralResponse) => object;
  schema: SchemaPlacer<unknown>;
}

/** The whole document of one version. */
export function placeWith(neutral: NeutralDocument, placer: VersionPlacer): ReturnType<typeof documentFrame> {
  const paths = mapValues(neutral.paths, placer.pathItem);
  const responses = mapValues(neutral.responses, placer.response);
  const components = placeComponents(neutral, paths, responses, placer.schema);
  return documentFrame(placer.openapi, neutral, paths, components);
}

export interface Components<S, R> {
  schemas?: Record<string, S>;
  responses?: Record<string, R>;
  securitySchemes?: Record<string, Record<string, unknown>>;
}

/** The five methods 3.0.3 and 3.1 have keys for, in the order they are written. */
const CLASSIC_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** 3.0.3 and 3.1: the classic methods as keys, every other one (QUERY too) under `x-svc-methods`, sorted. */
export function classicPathItem<S>(
  operations: readonly NeutralOperation[],
  place: SchemaPlacer<S>,
): OpenApiPathItem<S> {
  const byMethod = new Map(operations.map((entry) => [entry.method, entry.operation]));
  const item: OpenApiPathItem<S> = {};
  for (const method of CLASSIC_METHODS) {
    const operation = byMethod.get(method.toUpperCase());
    if (operation) item[method] = textStreamOperation(operation, place);
  }
  const classic = new Set<string>(CLASSIC_METHODS.map((method) => method.toUpperCase()));
  const others = [...byMethod.keys()].filter((method) => !classic.has(method)).sort();
  if (others.length > 0)
    item['x-svc-methods'] = Object.fromEntries(
      others.map((method) => [method, textStreamOperation(byMethod.get(method)!, place)]),
    );
  return item;
}

/** An operation with each schema placed; a stream answer's items said as text (`{type: string}`). */
function textStreamOperation<S>(fields: NeutralOperationFields, place: SchemaPlacer<S>): OpenApiOperation<S> {
  const operation = { ...fields } as unknown as OpenApiOperation<S>;
  if (fields.parameters)
    operation.parameters = fields.parameters.map((parameter) => ({
      ...parameter,
      schema: place(parameter.schema),
    }));
  if (fields.requestBody)
    operation.requestBody = {
      ...fields.requestBody,
      content: placeContent(fields.requestBody.content, place),
    };
  operation.responses = mapResponses(fields.responses, (response) =>
    '$ref' in response ? response : textStreamResponse(response, place),
  );
  return operation;
}

/** A response with its schemas placed; a stream answer's items said as text. */
export function textStreamResponse<S>(response: NeutralResponse, place: SchemaPlacer<S>): OpenApiResponse<S> {
  if (!response.content) {
    const { description, headers } = response;
    return headers === undefined ? { description } : { description, headers };
  }
  return { ...response, content: placeContent(response.content, place) };
}

/** Media types with their schemas placed; `itemSchema` (an SSE answer) becomes the text it is sent as. */
function placeContent<S>(
  content: Record<string, NeutralMediaType>,
  place: SchemaPlacer<S>,
): Record<string, OpenApiMediaType<S>> {
  const placed: Record<string, OpenApiMediaType<S>> = {};
  for (const [type, media] of Object.entries(content)) {
    placed[type] = { schema: place('itemSchema' in media ? { type: 'string' } : media.schema) };
    // A multipart body's per-field media types, the same in every version.
    if ('encoding' in media && media.encoding !== undefined) placed[type].encoding = media.encoding;
  }
  return placed;
}
