/** Whole-app consistency checks on the extracted model: names, routes and path parameters. */
import type { ControllerModel, ComponentModel, RouteModel, SourceLocation } from '../model/app-model.js';
import type { ErrorCode } from '../model/error-catalogue.js';
import { clientGroupName, clientMethodName } from '../model/operation-ids.js';
import { paramNames } from '../model/route-paths.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';

function error(code: ErrorCode, message: string, where: SourceLocation): AnalyzerDiagnostic {
  return { severity: 'error', code, message, file: where.file, line: where.line };
}

function at(where: SourceLocation): string {
  return `${where.file}:${where.line}`;
}

export function checkApp(controllers: ControllerModel[], components: ComponentModel[]): AnalyzerDiagnostic[] {
  return [
    ...checkClassNames(controllers, components),
    ...checkOperationIds(controllers),
    ...checkRouteShapes(controllers),
    ...controllers.flatMap((controller) =>
      controller.routes.flatMap((route) =>
        checkPathParams(route, `${controller.className}.${route.methodName}`),
      ),
    ),
  ];
}

function checkClassNames(controllers: ControllerModel[], components: ComponentModel[]): AnalyzerDiagnostic[] {
  const seen = new Map<string, SourceLocation>();
  const diagnostics: AnalyzerDiagnostic[] = [];
  for (const declared of [...controllers, ...components]) {
    const first = seen.get(declared.className);
    if (first) {
      diagnostics.push(
        error(
          'SVC_ERR_DUPLICATE_CLASS',
          `class name '${declared.className}' is also declared at ${at(first)}; controller and component names must be unique`,
          declared,
        ),
      );
    } else {
      seen.set(declared.className, declared);
    }
  }
  return diagnostics;
}

/** A route with its controller, for the messages that name it (`BooksController.list`). */
type Owned = [controller: ControllerModel, route: RouteModel];

const labelOf = ([controller, route]: Owned): string => `${controller.className}.${route.methodName}`;

/** Operation ids are unique in the app; both routes of a pair are named with their file:line. */
function checkOperationIds(controllers: ControllerModel[]): AnalyzerDiagnostic[] {
  const pairs = duplicates(controllers, (_controller, route) => route.doc.operationId);
  const diagnostics = pairs.map(([second, first]) =>
    error(
      'SVC_ERR_DUPLICATE_OPERATION_ID',
      `operationId '${second[1].doc.operationId}' of ${labelOf(second)} is also the operationId of ${labelOf(first)} at ${at(first[1])}`,
      second[1],
    ),
  );
  // By the rule alone, two routes of one client name have one id too: only an explicit id can
  // make a new pair, so an app without @ApiOperationId is spared the second pass.
  const explicit = controllers.some((controller) =>
    controller.routes.some((route) => route.doc.explicitOperationId),
  );
  return explicit ? [...diagnostics, ...checkClientNames(controllers)] : diagnostics;
}

/**
 * The names the typed client calls routes by (`api.books.list`) are unique too: an
 * `@ApiOperationId('list')` beside a handler named `list` in one controller gives two ids but one
 * client name. Hidden routes are not in the client; a pair with one id was reported already.
 */
function checkClientNames(controllers: ControllerModel[]): AnalyzerDiagnostic[] {
  const nameOf = (controller: ControllerModel, route: RouteModel): string | undefined =>
    route.doc.hidden ? undefined : `${clientGroupName(controller.baseName)}.${clientMethodName(route)}`;
  return duplicates(controllers, nameOf)
    .filter(([second, first]) => second[1].doc.operationId !== first[1].doc.operationId)
    .map(([second, first]) =>
      error(
        'SVC_ERR_DUPLICATE_OPERATION_ID',
        `${labelOf(second)} (operationId '${second[1].doc.operationId}') would be api.${nameOf(...second)} in the typed client, as is ${labelOf(first)} (operationId '${first[1].doc.operationId}') at ${at(first[1])}; give one of them another @ApiOperationId`,
        second[1],
      ),
    );
}

/** Each route whose key (undefined: none) an earlier route has, with that earlier route. */
function duplicates(
  controllers: ControllerModel[],
  keyOf: (controller: ControllerModel, route: RouteModel) => string | undefined,
): [Owned, Owned][] {
  const seen = new Map<string, Owned>();
  const found: [Owned, Owned][] = [];
  for (const controller of controllers) {
    for (const route of controller.routes) {
      const key = keyOf(controller, route);
      if (key === undefined) continue;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, [controller, route]);
      else found.push([[controller, route], first]);
    }
  }
  return found;
}

/** `/users/:id` and `/users/:userId` are one shape. */
export function pathShape(fullPath: string): string {
  return fullPath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment))
    .join('/');
}

function checkRouteShapes(controllers: ControllerModel[]): AnalyzerDiagnostic[] {
  const seen = new Map<string, { route: RouteModel; label: string }>();
  const diagnostics: AnalyzerDiagnostic[] = [];
  for (const controller of controllers) {
    for (const route of controller.routes) {
      const key = `${route.httpMethod} ${pathShape(route.fullPath)}`;
      const label = `${controller.className}.${route.methodName}`;
      const first = seen.get(key);
      if (first) {
        diagnostics.push(
          error(
            'SVC_ERR_DUPLICATE_ROUTE',
            `${route.httpMethod} ${route.fullPath} (${label}) is also answered by ${first.label} at ${at(first.route)}`,
            route,
          ),
        );
      } else {
        seen.set(key, { route, label });
      }
    }
  }
  return diagnostics;
}

/**
 * A `@Param` must name a `:segment` of its route's full path. A `:segment` no `@Param` binds is
 * still matched and documented as a required string path parameter (the handler may read it from
 * `@Ctx()`, as every other framework allows); only one of the route's OWN path (the `@Get(...)`
 * argument) gets a warning, since leaving a controller segment such as `:orgId` unread in a
 * `create` route under `@Controller('orgs/:orgId/teams')` is ordinary (docs/routing.md).
 */
function checkPathParams(route: RouteModel, label: string): AnalyzerDiagnostic[] {
  const segments = paramNames(route.fullPath);
  const diagnostics: AnalyzerDiagnostic[] = [];
  const bound = new Set<string>();
  for (const param of route.params) {
    if (param.source !== 'path') continue;
    const key = String(param.key);
    bound.add(key);
    if (!segments.includes(key)) {
      diagnostics.push(
        error(
          'SVC_ERR_UNKNOWN_PATH_PARAM',
          `@Param '${key}' of ${label} names no :segment of ${route.fullPath}`,
          param,
        ),
      );
    }
  }
  for (const segment of paramNames(route.path)) {
    if (!bound.has(segment)) diagnostics.push(unboundSegmentWarning(segment, route, label));
  }
  return diagnostics;
}

export function unboundSegmentWarning(segment: string, route: RouteModel, label: string): AnalyzerDiagnostic {
  return {
    severity: 'warning',
    message:
      `${at(route)}: warning: :${segment} of the route path '${route.path}' is bound by no @Param of ${label}; ` +
      `it is matched and documented as a required string path parameter`,
    file: route.file,
    line: route.line,
  };
}
