/** One route method of a controller → RouteModel. */
import ts from 'typescript';
import type { ComponentUseModel, RouteKind, RouteModel } from '../model/app-model.js';
import { joinRoutePath } from '../model/route-paths.js';
import { locationOf, type AnalysisContext } from './context.js';
import { allSvc, findSvc, svcDecorators, type SvcDecorator } from './decorators.js';
import { operationIdOf } from './naming.js';
import { extractParams } from './params.js';
import { documentErrorBodies, hasValidatedInput, invalidInputResponse } from './problem.js';
import { extractReturn } from './returns.js';
import { extractRouteDoc } from './route-docs.js';
import { requireStatic } from './static-values.js';

const BUILTIN_METHODS: Record<string, { httpMethod: string; kind: RouteKind }> = {
  Get: { httpMethod: 'GET', kind: 'http' },
  Post: { httpMethod: 'POST', kind: 'http' },
  Put: { httpMethod: 'PUT', kind: 'http' },
  Patch: { httpMethod: 'PATCH', kind: 'http' },
  Delete: { httpMethod: 'DELETE', kind: 'http' },
  SSE: { httpMethod: 'GET', kind: 'sse' },
  WebSocket: { httpMethod: 'GET', kind: 'websocket' },
};

/** What a route needs to know about its controller. */
export interface RouteOwner {
  className: string;
  basePath: string;
  baseName: string;
  prefix: string;
  decorators: SvcDecorator[];
  /** Name of the 400 problem schema component. */
  problemSchema: string;
}

interface RouteDecorator {
  httpMethod: string;
  kind: RouteKind;
  custom: boolean;
  pathArgument: ts.Expression | undefined;
}

/** The route declared by a method, or undefined when the method has no route decorator. */
export function extractRoute(
  context: AnalysisContext,
  owner: RouteOwner,
  method: ts.MethodDeclaration,
): RouteModel | undefined {
  const decorators = svcDecorators(context, method);
  const routeDecorator = findRouteDecorator(decorators);
  if (!routeDecorator || routeDecorator.httpMethod === '') return undefined;
  const methodName = method.name.getText();
  const path = routeDecorator.pathArgument
    ? (requireStatic(context, routeDecorator.pathArgument, 'string', 'route path') ?? '')
    : '';
  const params = extractParams(context, method, `${owner.className}.${methodName}`);
  const doc = extractRouteDoc(context, {
    method,
    decorators,
    controllerDecorators: owner.decorators,
    operationId: operationIdOf(owner.baseName, methodName),
    baseName: owner.baseName,
  });
  if (hasValidatedInput(params) && !doc.responses.some((response) => response.status === 400)) {
    doc.responses.push(invalidInputResponse(owner.problemSchema));
  }
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
  };
}

function findRouteDecorator(decorators: SvcDecorator[]): RouteDecorator | undefined {
  for (const decorator of decorators) {
    if (decorator.kind === 'method') {
      const httpMethod = decorator.httpMethod ?? '';
      return { httpMethod, kind: 'http', custom: true, pathArgument: decorator.args[0] };
    }
    const builtin = decorator.kind === 'svc' ? BUILTIN_METHODS[decorator.name] : undefined;
    if (builtin) return { ...builtin, custom: false, pathArgument: decorator.args[0] };
  }
  return undefined;
}

function readStatusCode(context: AnalysisContext, decorators: SvcDecorator[]): number {
  const argument = findSvc(decorators, 'StatusCode')?.args[0];
  return (argument && requireStatic(context, argument, 'number', '@StatusCode status')) || 200;
}

/** `@SetHeader(name, value)` decorators in the order written. */
export function readHeaders(context: AnalysisContext, decorators: SvcDecorator[]): [string, string][] {
  const headers: [string, string][] = [];
  for (const decorator of allSvc(decorators, 'SetHeader')) {
    const [nameArgument, valueArgument] = decorator.args;
    if (!nameArgument || !valueArgument) continue;
    const name = requireStatic(context, nameArgument, 'string', '@SetHeader name');
    const value = requireStatic(context, valueArgument, 'string', '@SetHeader value');
    if (name !== undefined && value !== undefined) headers.push([name, value]);
  }
  return headers;
}

/** Component decorators (`@RequireAuth()`) in the order written. */
export function componentUses(decorators: SvcDecorator[]): ComponentUseModel[] {
  return decorators
    .filter((decorator) => decorator.kind === 'component')
    .map((decorator) => ({ component: decorator.className }));
}
