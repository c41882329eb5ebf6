/**
 * The answers a middleware or guard can give before the handler runs, read from its method
 * bodies: `GuardResult.block({statusCode: 401, body: '...'})` and `MiddlewareResult.stop({...})`.
 * A client built from the document alone must know a guarded route can answer 401, so assembly
 * adds these as responses of every route the component covers (see `addEarlyAnswers`).
 */
import ts from './typescript.cjs';
import type { AppClassModel, ApiResponseModel, ComponentModel, ControllerModel } from '../model/app-model.js';
import { beforeHandlerMethods, coveringComponents } from '../model/covering.js';
import { FRAMEWORK_STATUS, successStatus } from '../model/framework-answers.js';
import { addFrameworkResponses, PROBLEM_SCHEMA_NAME } from './problem.js';
import type { AnalysisContext } from './context.js';
import { addContent } from './response-content.js';
import { objectLiteralOf, readStatic } from './static-values.js';
import { skipOuterExpressions } from './svc-symbols.js';

/** One early answer of a component class, before it is attached to routes. */
export interface ComponentEarlyAnswers {
  module: string;
  className: string;
  answers: ApiResponseModel[];
}

const EARLY_CALLS: Record<string, { method: string; status: number; verb: string }> = {
  GuardResult: { method: 'block', status: FRAMEWORK_STATUS.block, verb: 'Blocked' },
  MiddlewareResult: { method: 'stop', status: FRAMEWORK_STATUS.stop, verb: 'Stopped' },
};

/** Every `block`/`stop` call with a static (or absent) status in the class's method bodies. */
export function extractEarlyAnswers(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): ApiResponseModel[] {
  const className = declaration.name?.text ?? 'default';
  const answers: ApiResponseModel[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const answer = earlyAnswer(context, node, className);
      const known = answer && answers.findIndex((other) => other.status === answer.status);
      if (answer && known === -1) answers.push(answer);
      // Two blocks with one status and different bodies: the document lists both.
      else if (answer && known !== undefined && answers[known])
        answers[known] = addContent(answers[known], answer);
    }
    ts.forEachChild(node, visit);
  };
  for (const member of declaration.members) {
    if (ts.isMethodDeclaration(member) && member.body) visit(member.body);
  }
  return answers;
}

function earlyAnswer(
  context: AnalysisContext,
  call: ts.CallExpression,
  className: string,
): ApiResponseModel | undefined {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
  const kind = EARLY_CALLS[callee.expression.text];
  if (!kind || callee.name.text !== kind.method) return undefined;
  const argument = call.arguments[0] ? skipOuterExpressions(call.arguments[0]) : undefined;
  const literal = argument && objectLiteralOf(context, argument);
  if (argument && !literal) return undefined;
  const statusCode = literal && propertyValue(literal, 'statusCode');
  // A literal, a constant, or a value of a literal type (`statusCode: 401 as const`).
  const status = statusCode ? readStatic(context, statusCode) : kind.status;
  if (typeof status !== 'number') return undefined;
  const answer: ApiResponseModel = { status, description: `${kind.verb} by ${className}` };
  const body = literal && propertyValue(literal, 'body');
  if (body) Object.assign(answer, bodyContent(context, body));
  return answer;
}

function propertyValue(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of literal.properties) {
    if (property.name && ts.isIdentifier(property.name) && property.name.text === name) {
      if (ts.isPropertyAssignment(property)) return skipOuterExpressions(property.initializer);
      if (ts.isShorthandPropertyAssignment(property)) return property.name;
    }
  }
  return undefined;
}

/**
 * A string is sent as text/plain; anything else as JSON of the body's type (the checker's type of
 * the expression: an object literal's shape, a typed variable's declared type).
 */
function bodyContent(
  context: AnalysisContext,
  body: ts.Expression,
): Pick<ApiResponseModel, 'schema' | 'mediaType'> {
  const type = context.checker.getTypeAtLocation(body);
  const isText =
    ts.isStringLiteral(body) ||
    ts.isNoSubstitutionTemplateLiteral(body) ||
    ts.isTemplateExpression(body) ||
    (type.flags & ts.TypeFlags.StringLike) !== 0;
  if (isText) return { schema: { type: 'string' }, mediaType: 'text/plain' };
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))
    return { schema: {}, mediaType: 'application/json' };
  return {
    schema: context.schemas.schemaFor(context.checker.getWidenedType(type), body),
    mediaType: 'application/json',
  };
}

/**
 * Adds each covering component's early answers to the route's responses, unless the route already
 * documents that status (its success response, an `@ApiResponse`, or an outer component's answer).
 * Routes are copies made by assembly; their `doc` is copied here before it changes.
 */
export function addEarlyAnswers(
  app: AppClassModel | undefined,
  components: readonly ComponentModel[],
  controllers: ControllerModel[],
  earlyAnswers: readonly ComponentEarlyAnswers[],
): void {
  for (const controller of controllers) {
    controller.routes = controller.routes.map((route) => {
      const covering = coveringComponents(app, components, controller, route);
      const answering = covering.filter((component) =>
        component.methods.some((method) => method.role === 'middleware' || method.role === 'guard'),
      );
      const answers = answering.flatMap(
        (component) =>
          earlyAnswers.find(
            (known) => known.module === component.module && known.className === component.className,
          )?.answers ?? [],
      );
      const success = successStatus(route);
      const documented = new Set([success, ...route.doc.responses.map((response) => response.status)]);
      const responses = route.doc.responses.map((response) => withAnswerContent(response, answers, success));
      const added = answers.filter(
        (answer) => !documented.has(answer.status) && documented.add(answer.status),
      );
      added.push(...componentInputAnswers(covering, documented));
      if (added.length === 0 && responses.every((response, i) => response === route.doc.responses[i])) {
        return route;
      }
      return { ...route, doc: { ...route.doc, responses: [...responses, ...added] } };
    });
  }
}

/**
 * The 400 (and 413/415 for a body) of the inputs the covering components' middleware, guards and
 * interceptors bind: a guard's required `@Query() tenant: string` answers 400 when it is missing.
 * An optional string (`@Header('X-Token') token?: string`) takes any value, so it cannot fail.
 */
function componentInputAnswers(
  covering: readonly ComponentModel[],
  documented: Set<number>,
): ApiResponseModel[] {
  const params = beforeHandlerMethods(covering)
    .flatMap((method) => method.params)
    .filter(
      (param) => param.required || param.schema.type !== 'string' || Object.keys(param.schema).length > 1,
    );
  const responses: ApiResponseModel[] = [];
  addFrameworkResponses(responses, { params, kind: 'http' }, PROBLEM_SCHEMA_NAME);
  return responses.filter((response) => !documented.has(response.status) && documented.add(response.status));
}

/**
 * An `@ApiResponse` without `type` only re-describes a status a guard or middleware answers: the
 * content stays what that component sends (the first answer for the status, as for adding). Any
 * other response the route documents under a status a component answers (a handler's thrown 401
 * where a guard blocks with 401) lists the component's body beside its own: never hidden.
 */
function withAnswerContent(
  response: ApiResponseModel,
  answers: readonly ApiResponseModel[],
  success: number,
): ApiResponseModel {
  const same = answers.filter((known) => known.status === response.status);
  const answer = same[0];
  if (!answer || response.dropped || response.status === success) return response;
  if (!response.describesOnly) return same.reduce(addContent, response);
  const { schema: _schema, mediaType: _mediaType, ...described } = response;
  return { ...described, ...(answer.schema ? { schema: answer.schema, mediaType: answer.mediaType } : {}) };
}
