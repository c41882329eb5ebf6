/**
 * `@RateLimit` read from source: on the app class, a controller or a route, checked as the
 * runtime checks it (model/rate-limit.ts). A `key` function is runtime-only: the analyzer notes
 * that there is one (the model's key `'function'`) and reads nothing of it.
 */
import ts from './typescript.cjs';
import type { ApiResponseModel, RouteModel } from '../model/app-model.js';
import { ERROR_CODES } from '../model/error-catalogue.js';
import { schemaRef } from '../model/json-schema.js';
import { invalidRateLimit, rateLimitModel, type RateLimitModel } from '../model/rate-limit.js';
import { reportError, type AnalysisContext } from './context.js';
import { findSvc, type SvcDecorator } from './decorators.js';
import { PROBLEM_MEDIA_TYPE, PROBLEM_SCHEMA_NAME } from './problem.js';
import { NOT_STATIC, objectProperties, readStatic, type StaticValue } from './static-values.js';
import { skipOuterExpressions } from './svc-symbols.js';

/**
 * The policy of a declaration's `@RateLimit`, named `policy` (where it is written); `false` for
 * `@RateLimit(false)`; undefined without one, or when it is invalid (reported at its argument).
 */
export function readRateLimit(
  context: AnalysisContext,
  decorators: readonly SvcDecorator[],
  policy: string,
): RateLimitModel | false | undefined {
  const decorator = findSvc(decorators, 'RateLimit');
  if (decorator === undefined) return undefined;
  const argument = decorator.args[0];
  if (argument === undefined) {
    reportError(
      context,
      'SVC_ERR_INVALID_RATE_LIMIT',
      '@RateLimit needs its options, or false',
      decorator.node,
    );
    return undefined;
  }
  if (skipOuterExpressions(argument).kind === ts.SyntaxKind.FalseKeyword) return false;
  const fields = objectProperties(argument);
  const keyExpression = fields.get('key');
  const functionKey = keyExpression !== undefined && isFunction(context, keyExpression);
  const options = functionKey ? readFields(context, fields, 'key') : readStatic(context, argument);
  if (options === NOT_STATIC) {
    reportError(
      context,
      'SVC_ERR_NOT_STATIC',
      `@RateLimit options must be known at build time (literals or constants; a key may be a function), got \`${argument.getText()}\``,
      argument,
    );
    return undefined;
  }
  const reason = invalidRateLimit(options, functionKey);
  if (reason !== undefined) {
    reportError(context, 'SVC_ERR_INVALID_RATE_LIMIT', `@RateLimit ${reason}`, argument);
    return undefined;
  }
  return rateLimitModel(policy, options as { limit: number; window: number | string }, functionKey);
}

/** The static fields of an object literal but `skip`; NOT_STATIC when one is not static. */
function readFields(
  context: AnalysisContext,
  fields: ReadonlyMap<string, ts.Expression>,
  skip: string,
): Record<string, StaticValue> | typeof NOT_STATIC {
  const options: Record<string, StaticValue> = {};
  for (const [name, expression] of fields) {
    if (name === skip) continue;
    const value = readStatic(context, expression);
    if (value === NOT_STATIC) return NOT_STATIC;
    options[name] = value;
  }
  return options;
}

/** An arrow function, a function expression, or anything whose type can be called. */
function isFunction(context: AnalysisContext, expression: ts.Expression): boolean {
  const node = skipOuterExpressions(expression);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  return context.checker.getTypeAtLocation(node).getCallSignatures().length > 0;
}

/** The 429 a rate-limited route answers (its headers are the document writer's: src/openapi). */
const RATE_LIMITED: ApiResponseModel = {
  status: ERROR_CODES.SVC_ERR_RATE_LIMITED.status,
  description:
    'Too many requests from this client in the rate limit window; `Retry-After` says when to retry',
  schema: schemaRef(PROBLEM_SCHEMA_NAME),
  mediaType: PROBLEM_MEDIA_TYPE,
};

/**
 * The route with its limit as the model records it: the nearest of route, controller and `app`,
 * none when that is `false`; a covered route documents the 429 unless it documents one itself.
 * The route is a fresh copy (fragments are never changed).
 */
export function placeRateLimit(route: RouteModel, app: RateLimitModel | false | undefined): RouteModel {
  const { rateLimit: own, ...rest } = route;
  const limit = own ?? app;
  if (limit === undefined || limit === false) return rest;
  const documented = route.doc.responses.some((response) => response.status === RATE_LIMITED.status);
  const doc = documented ? route.doc : { ...route.doc, responses: [...route.doc.responses, RATE_LIMITED] };
  return { ...rest, rateLimit: limit, doc };
}
