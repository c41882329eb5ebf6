/** One route method of a controller → RouteModel. */
import ts from './typescript.cjs';
import type { ComponentUseModel, RouteKind, RouteModel } from '../model/app-model.js';
import type { RateLimitModel } from '../model/rate-limit.js';
import { DEFAULT_OPERATION_ID_RULE, operationIdOf } from '../model/operation-ids.js';
import { joinRoutePath } from '../model/route-paths.js';
import { locationOf, type AnalysisContext } from './context.js';
import {
  allSvc,
  findSvc,
  readArgument,
  readCustomRoutePath,
  svcDecorators,
  type SvcDecorator,
} from './decorators.js';
import { extractParams } from './params.js';
import { checkNextBindings } from './components.js';
import { addFileNotFound, addFrameworkResponses, documentErrorBodies } from './problem.js';
import { addThrownErrors } from './thrown-errors.js';
import { answersWithFile, extractReturn } from './returns.js';
import { extractRouteDoc } from './route-docs.js';
import { readRateLimit } from './rate-limit.js';

/** What a route needs to know about its controller. */
export interface RouteOwner {
  className: string;
  basePath: string;
  baseName: string;
  prefix: string;
  decorators: SvcDecorator[];
  /** Name of the 400 problem schema component. */
  problemSchema: string;
  /** The controller's `@RateLimit` (`false`: its routes opt out of the app's). */
  rateLimit?: RateLimitModel | false;
}

interface RouteDecorator {
  httpMethod: string;
  kind: RouteKind;
  custom: boolean;
  path: string;
}

/** The route declared by a method, or undefined when the method has no route decorator. */
export function extractRoute(
  context: AnalysisContext,
  owner: RouteOwner,
  method: ts.MethodDeclaration,
): RouteModel | undefined {
  const decorators = svcDecorators(context, method);
  const routeDecorator = findRouteDecorator(context, decorators);
  if (!routeDecorator || routeDecorator.httpMethod === '') return undefined;
  const methodName = method.name.getText();
  const { path } = routeDecorator;
  const params = extractParams(context, method, `${owner.className}.${methodName}`);
  checkNextBindings(context, method, params, `${owner.className}.${methodName}`, 'route');
  const doc = extractRouteDoc(context, {
    method,
    decorators,
    controllerDecorators: owner.decorators,
    operationId: operationIdOf(DEFAULT_OPERATION_ID_RULE, owner.baseName, methodName),
    baseName: owner.baseName,
  });
  addFrameworkResponses(doc.responses, { params, kind: routeDecorator.kind }, owner.problemSchema);
  addThrownErrors(context, method, doc.responses);
  // After the thrown errors: a 404 the handler throws itself stands for the missing file too.
  if (routeDecorator.kind === 'http' && answersWithFile(context, method))
    addFileNotFound(doc.responses, owner.problemSchema);
  // The route's own, else its controller's; the app's is applied when the model is assembled.
  const rateLimit = readRateLimit(context, decorators, `${owner.className}.${methodName}`) ?? owner.rateLimit;
  documentErrorBodies(doc.responses, owner.problemSchema);
  return {
    ...locationOf(context, method.name),
    methodName,
    httpMethod: routeDecorator.httpMethod,
    kind: routeDecorator.kind,
    custom: routeDecorator.custom,
    path,
    fullPath: joinRoutePath(owner.prefix, owner.basePath, path),
    statusCode: readStatusCode(context, decorators),
    headers: readHeaders(context, decorators),
    components: componentUses(decorators),
    params,
    returns: extractReturn(context, method, routeDecorator.kind),
    doc,
    ...(rateLimit !== undefined && { rateLimit }),
  };
}

/**
 * The method's route decorator: a built-in one (method and kind from the decorator table) or one
 * made by `defineMethod(NAME)`, whose path argument is read like `@Get`'s.
 */
function findRouteDecorator(
  context: AnalysisContext,
  decorators: SvcDecorator[],
): RouteDecorator | undefined {
  for (const decorator of decorators) {
    if (decorator.kind === 'method') {
      const path = readCustomRoutePath(context, decorator);
      return { httpMethod: decorator.httpMethod ?? '', kind: 'http', custom: true, path };
    }
    if (decorator.kind !== 'svc' || decorator.spec.role.kind !== 'route') continue;
    const { httpMethod, routeKind } = decorator.spec.role;
    const path = readArgument(context, decorator, 0);
    return { httpMethod, kind: routeKind, custom: false, path: typeof path === 'string' ? path : '' };
  }
  return undefined;
}

function readStatusCode(context: AnalysisContext, decorators: SvcDecorator[]): number {
  const statusCode = findSvc(decorators, 'StatusCode');
  const status = statusCode && readArgument(context, statusCode, 0);
  return typeof status === 'number' && status !== 0 ? status : 200;
}

/** `@SetHeader(name, value)` decorators in the order written. */
export function readHeaders(context: AnalysisContext, decorators: SvcDecorator[]): [string, string][] {
  const headers: [string, string][] = [];
  for (const decorator of allSvc(decorators, 'SetHeader')) {
    if (decorator.args.length < 2) continue;
    const name = readArgument(context, decorator, 0);
    const value = readArgument(context, decorator, 1);
    if (typeof name === 'string' && typeof value === 'string') headers.push([name, value]);
  }
  return headers;
}

/** Component decorators (`@RequireAuth()`) in the order written. */
export function componentUses(decorators: SvcDecorator[]): ComponentUseModel[] {
  return decorators
    .filter((decorator) => decorator.kind === 'component')
    .map((decorator) => ({ component: decorator.className }));
}
