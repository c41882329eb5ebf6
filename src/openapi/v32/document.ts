/**
 * The app model → the OpenAPI 3.2 document (docs/openapi.md, "Two documents"). It is the 3.0.3
 * document built with the 2020-12 schema step (./schema.ts), then said the 3.2 way: custom
 * methods under `additionalOperations`, SSE answers with `itemSchema`, WebSocket message schemas.
 */
import type { AppModel, RouteModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';
import { reachableSchemas } from '../../model/refs.js';
import { buildOpenApiDocument, documentPath } from '../document.js';
import type {
  OpenApiComponents,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiPathItem,
  OpenApiResponse,
} from '../types.js';
import { toSchema2020, type JsonSchema2020 } from './schema.js';
import { sseItemSchema } from './sse-items.js';

/** The path item's fixed operation fields in 3.2, in the order they are written. */
const FIXED_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export type OpenApi32Operation = Omit<OpenApiOperation, 'x-svc-websocket'> & { [key: string]: unknown };
export type OpenApi32PathItem = { [method: string]: OpenApi32Operation | Record<string, OpenApi32Operation> };

export interface OpenApi32Document {
  openapi: '3.2.0';
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, OpenApi32PathItem>;
  components?: Omit<OpenApiComponents, 'schemas'> & { schemas?: Record<string, JsonSchema2020> };
}

export function buildOpenApi32Document(model: AppModel): OpenApi32Document {
  const base = buildOpenApiDocument(model, toSchema2020);
  const paths: Record<string, OpenApi32PathItem> = {};
  for (const [key, item] of Object.entries(base.paths)) paths[key] = pathItem32(item);
  for (const route of visibleRoutes(model)) {
    if (route.kind === 'http') continue; // only stream routes are said differently in 3.2
    const operation = findOperation(paths[documentPath(model.prefix, route.fullPath)], route.httpMethod);
    if (operation) sayStreams(operation, route, model.schemas);
  }
  // Recomputed: an SSE item's schema may reach components the 3.0.3 document never shows.
  const { schemas: _schemas, ...shared } = base.components ?? {};
  const schemas = reachableSchemas({ paths, shared }, model.schemas);
  const components: OpenApi32Document['components'] = {};
  if (Object.keys(schemas).length > 0) components.schemas = convertAll(schemas, baseComponents(base));
  Object.assign(components, shared); // responses and security schemes: the same in both documents
  return {
    openapi: '3.2.0',
    info: base.info,
    ...(base.servers && { servers: base.servers }),
    paths,
    ...(Object.keys(components).length > 0 && { components }),
  };
}

/** The base document's components, which `toSchema2020` wrote (its writer type says 3.0.3 schemas). */
function baseComponents(base: OpenApiDocument): Record<string, JsonSchema2020> {
  return (base.components?.schemas ?? {}) as Record<string, JsonSchema2020>;
}

/** Components the base document already converted are reused; only the newly reached ones are converted. */
function convertAll(
  schemas: Record<string, JsonSchema>,
  converted: Record<string, JsonSchema2020>,
): Record<string, JsonSchema2020> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, converted[name] ?? toSchema2020(schema)]),
  );
}

function visibleRoutes(model: AppModel): RouteModel[] {
  return model.controllers.flatMap((controller) => controller.routes).filter((route) => !route.doc.hidden);
}

/** Fixed methods as keys, in order; every other method under `additionalOperations`, sorted. */
function pathItem32(item: OpenApiPathItem): OpenApi32PathItem {
  const operations = new Map<string, OpenApiOperation>();
  for (const [key, value] of Object.entries(item)) {
    if (key === 'x-svc-methods') {
      const custom = value as Record<string, OpenApiOperation>;
      for (const [method, operation] of Object.entries(custom)) operations.set(method, operation);
    } else operations.set(key.toUpperCase(), value as OpenApiOperation);
  }
  const result: OpenApi32PathItem = {};
  for (const method of FIXED_METHODS) {
    const operation = operations.get(method.toUpperCase());
    if (operation) result[method] = operation as OpenApi32Operation;
  }
  const fixed = new Set<string>(FIXED_METHODS.map((method) => method.toUpperCase()));
  const additional = [...operations.keys()].filter((method) => !fixed.has(method)).sort();
  if (additional.length > 0)
    result.additionalOperations = Object.fromEntries(
      additional.map((method) => [method, operations.get(method) as OpenApi32Operation]),
    );
  return result;
}

function findOperation(
  item: OpenApi32PathItem | undefined,
  httpMethod: string,
): OpenApi32Operation | undefined {
  const key = httpMethod.toLowerCase();
  if (item === undefined) return undefined;
  if ((FIXED_METHODS as readonly string[]).includes(key)) return item[key] as OpenApi32Operation | undefined;
  const additional = item.additionalOperations as Record<string, OpenApi32Operation> | undefined;
  return additional?.[httpMethod];
}

/** SSE: one event as `itemSchema` (./sse-items.ts); WebSocket: the message schemas the model knows. */
function sayStreams(operation: OpenApi32Operation, route: RouteModel, schemas: AppModel['schemas']): void {
  if (route.kind === 'sse') {
    const success = operation.responses[String(route.statusCode)] as OpenApiResponse | undefined;
    // Only svc's own stream answer: an `@ApiResponse` that gave this status a type keeps it.
    if (success?.content?.['text/event-stream']) {
      const itemSchema = sseItemSchema(route.returns.schema, schemas);
      success.content = { ...success.content, 'text/event-stream': { itemSchema } } as never;
    }
  }
  if (route.kind === 'websocket') {
    const item = toSchema2020(route.returns.schema ?? {});
    const messages = route.params.find((param) => param.source === 'messages');
    // `{}` when the analyzer could not read the incoming type (`AsyncIterable<unknown>`): say nothing then.
    const incoming =
      messages && Object.keys(messages.schema).length > 0 ? toSchema2020(messages.schema) : undefined;
    operation['x-svc-messages'] = incoming ? { in: incoming, out: item } : { out: item };
  }
}
