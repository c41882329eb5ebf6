/**
 * The app model → the client's operations: `api.<controller>.<method>(args)`, where `<controller>`
 * is the controller's operation-id base in camelCase, `<method>` the handler's name (or the id
 * `@ApiOperationId` gave) and `args` the handler's bound parameters under their own names
 * (docs/client.md, "Names").
 */
import type {
  ApiResponseModel,
  AppModel,
  ControllerModel,
  BodyMediaModel,
  ParamDefault,
  ParamModel,
  RouteModel,
} from '../model/app-model.js';
import { coveringComponents } from '../model/covering.js';
import type { JsonSchema } from '../model/json-schema.js';
import { clientGroupName, clientMethodName } from '../model/operation-ids.js';
import { isClientArgumentSource, type ClientArgumentSource } from '../model/param-sources.js';
import { paramNames } from '../model/route-paths.js';

/** Where an argument goes on the wire; `queryObject` spreads an object into one query key per property. */
export type ArgSource = ClientArgumentSource | 'queryObject';

export interface ClientArg {
  /** The handler parameter's own name: the key in the argument object. */
  name: string;
  source: ArgSource;
  /** The wire name, or the body key path (`[]` = the whole body). */
  key: string | string[];
  required: boolean;
  schema: JsonSchema;
  /** The handler parameter's static default (`limit = 20`), which the server applies when it is left out. */
  default?: ParamDefault;
  /** A whole body that is not JSON: how it goes on the wire (./body-media.ts). */
  bodyMedia?: BodyMediaModel;
}

/**
 * A credential the operation's guards check (`@ApiSecurity`): not an argument, but a member of the
 * call's `credentials` (./credentials.ts) or a header of the client's; its method's comment says
 * whether it is needed or optional.
 */
export interface ClientCredential {
  name: string;
  optional: boolean;
  /** The OpenAPI security scheme object, as `@ApiSecurity` wrote it. */
  scheme: Record<string, unknown>;
}

export interface ClientOperation {
  /** `books.get`: how it is called, and the key of its documented errors. */
  id: string;
  controller: string;
  method: string;
  route: RouteModel;
  /** Relative to the app's prefix (the client's `baseUrl` holds the prefix), `:name` segments kept. */
  path: string;
  args: ClientArg[];
  /** The documented error answers (4xx, 5xx); fetch follows redirects. */
  errors: ApiResponseModel[];
  credentials: ClientCredential[];
}

/** A controller's group of operations under its property name. */
export interface ClientGroup {
  name: string;
  operations: ClientOperation[];
}

/**
 * The visible routes of each controller, grouped; hidden routes (`@ApiHidden`) are not in the
 * client. Two controllers with one base (`Books` and `BooksController`) share a group: the
 * analyzer checks that no two routes of a group have one method name.
 */
export function clientGroups(model: AppModel): ClientGroup[] {
  const groups = new Map<string, ClientGroup>();
  for (const controller of model.controllers) {
    const { name, operations } = controllerGroup(model, controller);
    if (operations.length === 0) continue;
    const group = groups.get(name) ?? { name, operations: [] };
    group.operations.push(...operations);
    groups.set(name, group);
  }
  return [...groups.values()];
}

/** One controller's visible operations under its group's name (before groups of one name merge). */
export function controllerGroup(model: AppModel, controller: ControllerModel): ClientGroup {
  const name = clientGroupName(controller.baseName);
  const operations = controller.routes
    .filter((route) => !route.doc.hidden)
    .map((route) => clientOperation(model.prefix, name, route, credentialsOf(model, controller, route)));
  return { name, operations };
}

/** A scheme is optional when only components that let anonymous requests through check it. */
function credentialsOf(model: AppModel, controller: ControllerModel, route: RouteModel): ClientCredential[] {
  const covering = coveringComponents(model.app, model.components, controller, route);
  const schemes = covering.flatMap((component) => (component.security ? [component.security] : []));
  const names = [...new Set(schemes.map((scheme) => scheme.name))];
  return names.map((name) => ({
    name,
    optional: schemes.every((scheme) => scheme.name !== name || scheme.optional === true),
    scheme: schemes.find((scheme) => scheme.name === name)!.scheme,
  }));
}

function clientOperation(
  prefix: string,
  controller: string,
  route: RouteModel,
  credentials: ClientCredential[],
): ClientOperation {
  const method = clientMethodName(route);
  return {
    id: `${controller}.${method}`,
    controller,
    method,
    route,
    path: relativePath(prefix, route.fullPath),
    args: clientArgs(route),
    errors: route.doc.responses
      .filter((response) => response.status >= 400)
      .sort((a, b) => a.status - b.status),
    credentials,
  };
}

function relativePath(prefix: string, fullPath: string): string {
  const rest = prefix !== '' && fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The handler's wire parameters in declaration order, then each `:segment` no `@Param` binds
 * (a required string under the segment's name, which the path still needs).
 */
function clientArgs(route: RouteModel): ClientArg[] {
  const args = route.params.flatMap((param) =>
    isClientArgumentSource(param.source) ? [clientArg(param, param.source)] : [],
  );
  const bound = new Set(args.filter((arg) => arg.source === 'path').map((arg) => arg.key));
  const taken = new Set(args.map((arg) => arg.name));
  for (const segment of paramNames(route.fullPath)) {
    if (bound.has(segment)) continue;
    const name = taken.has(segment) ? `${segment}Segment` : segment;
    args.push({ name, source: 'path', key: segment, required: true, schema: { type: 'string' } });
  }
  return args;
}

function clientArg(param: ParamModel, wire: ClientArgumentSource): ClientArg {
  const source = param.wholeObject ? 'queryObject' : wire;
  const key = Array.isArray(param.key) ? [...param.key] : param.key;
  return {
    name: param.name,
    source,
    key,
    required: param.source === 'path' || param.required,
    schema: param.schema,
    ...(param.default !== undefined && { default: param.default }),
    ...(param.bodyMedia !== undefined && { bodyMedia: param.bodyMedia }),
  };
}
