/**
 * The app model → the OpenAPI 3.0.3 document (rules in docs/openapi.md). Deterministic: paths sorted,
 * methods in a fixed order, components sorted and pruned to those the document references.
 */
import type { AppModel, ComponentModel, ParamModel, RouteModel, SecurityModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { beforeHandlerMethods, coveringComponents } from '../model/covering.js';
import { documentParameters, documentRequestBody } from './parameters.js';
import { reachableSchemas } from '../model/refs.js';
import { withHealthPaths } from './health.js';
import { documentResponses, sharedResponses } from './responses.js';
import { publicSchema, type SchemaWriter } from './schemas.js';
import { coveringSecurity, securityRequirement, withoutCredentials } from './security.js';
import type { OpenApiComponents, OpenApiDocument, OpenApiOperation, OpenApiPathItem } from './types.js';

/** Path-item keys in the order they are written; any other method goes under `x-svc-methods`. */
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'patch'] as const;
type StandardMethod = (typeof METHOD_ORDER)[number];

/** Top-level keys in the canonical order: openapi, info, servers, (tags: svc writes none), paths, components. */
export function buildOpenApiDocument(model: AppModel, write: SchemaWriter = publicSchema): OpenApiDocument {
  const schemes = new Map<string, SecurityModel>();
  const paths = withHealthPaths(buildPaths(model, write, schemes), model, write);
  const responses = sharedResponses(visibleRoutes(model), write);
  const schemas = reachableSchemas({ paths, responses }, model.schemas);
  const components: OpenApiComponents = {};
  if (Object.keys(schemas).length > 0) components.schemas = writeSchemas(schemas, write);
  if (Object.keys(responses).length > 0) components.responses = responses;
  if (schemes.size > 0) {
    components.securitySchemes = securitySchemes(schemes);
    markOpenOperations(paths);
  }
  return {
    openapi: '3.0.3',
    info: documentInfo(model),
    ...(model.prefix !== '' && { servers: [{ url: model.prefix }] }),
    paths,
    ...(Object.keys(components).length > 0 && { components }),
  };
}

function visibleRoutes(model: AppModel): RouteModel[] {
  return model.controllers.flatMap((controller) => controller.routes).filter((route) => !route.doc.hidden);
}

/**
 * Once some operation requires a scheme, every other one says `security: []`: it needs no
 * credential (rather than leaving a reader to guess, which lint tools flag).
 */
function markOpenOperations(paths: Record<string, OpenApiPathItem>): void {
  const open = (operations: Record<string, unknown>): void => {
    for (const [method, value] of Object.entries(operations)) {
      const operation = value as OpenApiOperation;
      if (method !== 'x-svc-methods' && !operation.security) {
        operations[method] = orderOperation({ ...operation, security: [] });
      }
    }
  };
  for (const item of Object.values(paths)) {
    open(item as Record<string, unknown>);
    if (item['x-svc-methods']) open(item['x-svc-methods']);
  }
}

/** Each scheme a documented operation requires, by name (sorted). */
function securitySchemes(schemes: Map<string, SecurityModel>): Record<string, Record<string, unknown>> {
  const names = [...schemes.keys()].sort();
  return Object.fromEntries(names.map((name) => [name, structuredClone(schemes.get(name)!.scheme)]));
}

function documentInfo(model: AppModel): OpenApiDocument['info'] {
  const { title, version, description } = model.info;
  return description === undefined ? { title, version } : { title, version, description };
}

function buildPaths(
  model: AppModel,
  write: SchemaWriter,
  schemes: Map<string, SecurityModel>,
): Record<string, OpenApiPathItem> {
  const byPath = new Map<string, Map<string, OpenApiOperation>>();
  for (const controller of model.controllers) {
    for (const route of controller.routes) {
      if (route.doc.hidden) continue;
      const key = documentPath(model.prefix, route.fullPath);
      const operations = byPath.get(key) ?? new Map<string, OpenApiOperation>();
      const covering = coveringComponents(model.app, model.components, controller, route);
      const componentParams = beforeHandlerMethods(covering).flatMap((method) => method.params);
      const operation = buildOperation(route, model.schemas, componentParams, write);
      secureOperation(operation, covering, schemes);
      operations.set(route.httpMethod, orderOperation(operation));
      byPath.set(key, operations);
    }
  }
  const paths: Record<string, OpenApiPathItem> = {};
  for (const key of [...byPath.keys()].sort()) paths[key] = pathItem(byPath.get(key) ?? new Map());
  return paths;
}

/** `/api/users/:id` with prefix `/api` → `/users/{id}`. */
export function documentPath(prefix: string, fullPath: string): string {
  const withoutPrefix =
    prefix !== '' && fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
  const templated = withoutPrefix.replace(/:([^/]+)/g, '{$1}');
  return templated.startsWith('/') ? templated : `/${templated}`;
}

function pathItem(operations: Map<string, OpenApiOperation>): OpenApiPathItem {
  const item: OpenApiPathItem = {};
  for (const method of METHOD_ORDER) {
    const operation = operations.get(method.toUpperCase());
    if (operation) item[method as StandardMethod] = operation;
  }
  const custom = [...operations.keys()]
    .filter((method) => !(METHOD_ORDER as readonly string[]).includes(method.toLowerCase()))
    .sort();
  if (custom.length > 0) {
    item['x-svc-methods'] = Object.fromEntries(custom.map((method) => [method, operations.get(method)!]));
  }
  return item;
}

function buildOperation(
  route: RouteModel,
  schemas: Record<string, JsonSchema>,
  componentParams: readonly ParamModel[],
  write: SchemaWriter,
): OpenApiOperation {
  const { doc } = route;
  const operation: OpenApiOperation = { tags: [...doc.tags], operationId: doc.operationId, responses: {} };
  if (doc.summary !== undefined) operation.summary = doc.summary;
  if (doc.description !== undefined) operation.description = doc.description;
  const parameters = documentParameters(route, schemas, componentParams, write);
  if (parameters.length > 0) operation.parameters = parameters;
  const requestBody = documentRequestBody(route, write);
  if (requestBody) operation.requestBody = requestBody;
  operation.responses = documentResponses(route, write);
  if (doc.deprecated) operation.deprecated = true;
  if (route.kind === 'websocket') operation['x-svc-websocket'] = true;
  return operation;
}

/** The covering components' schemes as the operation's requirement, their credential parameters left out. */
function secureOperation(
  operation: OpenApiOperation,
  covering: readonly ComponentModel[],
  schemes: Map<string, SecurityModel>,
): void {
  const security = coveringSecurity(covering);
  if (security.length === 0) return;
  for (const scheme of security) if (!schemes.has(scheme.name)) schemes.set(scheme.name, scheme);
  operation.security = securityRequirement(covering);
  if (!operation.parameters) return;
  const parameters = withoutCredentials(operation.parameters, security);
  if (parameters.length > 0) operation.parameters = parameters;
  else delete operation.parameters;
}

/** A fixed key order, whatever order the fields were set in. */
function orderOperation(operation: OpenApiOperation): OpenApiOperation {
  const order: (keyof OpenApiOperation)[] = [
    'tags',
    'summary',
    'description',
    'operationId',
    'parameters',
    'requestBody',
    'responses',
    'deprecated',
    'security',
    'servers',
    'x-svc-websocket',
  ];
  const ordered: Record<string, unknown> = {};
  for (const key of order) if (operation[key] !== undefined) ordered[key] = operation[key];
  return ordered as unknown as OpenApiOperation;
}

function writeSchemas(schemas: Record<string, JsonSchema>, write: SchemaWriter): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, write(schema)]));
}
