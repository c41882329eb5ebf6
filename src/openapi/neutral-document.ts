/**
 * The app model → the neutral document (./neutral.ts), built once for all three versions:
 * documented routes by path (sorted), svc's health endpoints, shared responses, security schemes,
 * root tags and the components' public schemas (rules in docs/openapi.md).
 */
import type { AppModel, ControllerModel, RouteModel, SecurityModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { withHealthPaths } from './health.js';
import type { NeutralDocument, NeutralOperation } from './neutral.js';
import { buildOperation, orderOperation, type BuiltOperation } from './operation.js';
import { sharedResponses } from './responses.js';
import { publicSchema } from './schemas.js';
import type { OpenApiTag } from './types.js';

/** A documented route's operation under its document path (`/users/{id}`). */
export interface PathOperation {
  path: string;
  built: BuiltOperation;
}

/**
 * One controller's documented operations, in route order. `svc dev` passes a cached one
 * (./document-cache.ts): the operations of a controller that did not change are the same objects.
 */
export type OperationsOf = (model: AppModel, controller: ControllerModel) => readonly PathOperation[];

export function controllerOperations(model: AppModel, controller: ControllerModel): PathOperation[] {
  return controller.routes
    .filter((route) => !route.doc.hidden)
    .map((route) => ({
      path: documentPath(model.prefix, route.fullPath),
      built: buildOperation(model, controller, route),
    }));
}

export function buildNeutralDocument(
  model: AppModel,
  operationsOf: OperationsOf = controllerOperations,
): NeutralDocument {
  const schemes = new Map<string, SecurityModel>();
  const paths = withHealthPaths(buildPaths(model, schemes, operationsOf), model);
  if (schemes.size > 0) markOpenOperations(paths);
  return {
    info: documentInfo(model),
    // Without a prefix the server root: OpenAPI tools read no `servers` as "unknown" (Redocly's
    // recommended no-empty-servers is an error), not as "/".
    servers: [{ url: model.prefix === '' ? '/' : model.prefix }],
    ...(schemes.size === 0 && { security: [] }),
    tags: rootTags(model, paths),
    paths,
    responses: sharedResponses(visibleRoutes(model)),
    securitySchemes: securitySchemes(schemes),
    schemas: publicSchemas(model.schemas),
  };
}

/** `/api/users/:id` with prefix `/api` → `/users/{id}`. */
export function documentPath(prefix: string, fullPath: string): string {
  const withoutPrefix =
    prefix !== '' && fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
  const templated = withoutPrefix.replace(/:([^/]+)/g, '{$1}');
  return templated.startsWith('/') ? templated : `/${templated}`;
}

function visibleRoutes(model: AppModel): RouteModel[] {
  return model.controllers.flatMap((controller) => controller.routes).filter((route) => !route.doc.hidden);
}

function buildPaths(
  model: AppModel,
  schemes: Map<string, SecurityModel>,
  operationsOf: OperationsOf,
): Record<string, NeutralOperation[]> {
  const byPath = new Map<string, NeutralOperation[]>();
  for (const controller of model.controllers) {
    for (const { path, built } of operationsOf(model, controller)) {
      for (const scheme of built.schemes) if (!schemes.has(scheme.name)) schemes.set(scheme.name, scheme);
      const operations = byPath.get(path);
      if (operations) operations.push(built.operation);
      else byPath.set(path, [built.operation]);
    }
  }
  const paths: Record<string, NeutralOperation[]> = {};
  for (const key of [...byPath.keys()].sort()) paths[key] = byPath.get(key) ?? [];
  return paths;
}

/**
 * Once some operation requires a scheme, every other one says `security: []`: it needs no
 * credential (rather than leaving a reader to guess, which lint tools flag).
 */
function markOpenOperations(paths: Record<string, NeutralOperation[]>): void {
  for (const operations of Object.values(paths)) {
    for (let index = 0; index < operations.length; index++) {
      const entry = operations[index] as NeutralOperation;
      if (!entry.operation.security) operations[index] = openCopy(entry);
    }
  }
}

/**
 * Operations are never changed once built (`svc dev` reuses them, and the written texts of their
 * paths by their identity): an open one's marked copy is made once and kept beside it.
 */
const openCopies = new WeakMap<NeutralOperation, NeutralOperation>();

function openCopy(entry: NeutralOperation): NeutralOperation {
  let copy = openCopies.get(entry);
  if (copy === undefined) {
    copy = { ...entry, operation: orderOperation({ ...entry.operation, security: [] }) };
    openCopies.set(entry, copy);
  }
  return copy;
}

/** Each scheme a documented operation requires, by name (sorted). */
function securitySchemes(schemes: Map<string, SecurityModel>): Record<string, Record<string, unknown>> {
  const names = [...schemes.keys()].sort();
  return Object.fromEntries(names.map((name) => [name, structuredClone(schemes.get(name)!.scheme)]));
}

function documentInfo(model: AppModel): NeutralDocument['info'] {
  const { title, version, description } = model.info;
  return description === undefined ? { title, version } : { title, version, description };
}

/**
 * One root tag per tag the operations use: the controllers' (their own or `@ApiTag`'s) in the
 * model's controller order, then svc's own (`health`). The model keeps no controller description.
 */
function rootTags(model: AppModel, paths: Record<string, NeutralOperation[]>): OpenApiTag[] {
  const names = new Set<string>();
  for (const route of visibleRoutes(model)) for (const tag of route.doc.tags) names.add(tag);
  for (const operations of Object.values(paths))
    for (const entry of operations) for (const tag of entry.operation.tags) names.add(tag);
  return [...names].map((name) => ({ name }));
}

function publicSchemas(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, publicSchema(schema)]));
}
