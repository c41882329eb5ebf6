/**
 * The `type` of an `@ApiResponse`: a value written where a type is meant. A class (`User`),
 * `[User]` for an array, `String`/`Number`/`Boolean`, or any type the schema generator converts
 * written as a typed value (`{} as NotFoundBody`, `[] as User[]`, `{} as { id: string }`), since an
 * interface or alias has no value to pass.
 */
import ts from './typescript.cjs';
import type { ApiResponseModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { reportError, type AnalysisContext } from './context.js';
import { PROBLEM_MEDIA_TYPE } from './problem.js';
import { isSvcFile, resolveSymbol } from './svc-symbols.js';

const PRIMITIVE_CONSTRUCTORS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  Number: { type: 'number' },
  Boolean: { type: 'boolean' },
};

/** The members of the `@ApiResponse` model that its `type` decides: schema and media type. */
export type ResponseContent = Pick<ApiResponseModel, 'schema' | 'mediaType'>;

/**
 * Schema and media type of `type`. The wire carries a problem for an `HttpError` subclass (svc
 * writes it, so its schema is left for `documentErrorBodies` to fill with the problem schema) and
 * for a type with `type`, `title` and `status`; anything else a catcher or handler sends as JSON.
 */
export function responseContent(context: AnalysisContext, expression: ts.Expression): ResponseContent {
  const type = typeOfValue(context, expression);
  if (type === undefined) return { schema: {} };
  if (type === 'array' || type === 'primitive') return { schema: schemaOfValue(context, expression) };
  if (extendsHttpError(type)) return { mediaType: PROBLEM_MEDIA_TYPE };
  const schema = context.schemas.schemaFor(type, expression);
  return isProblemShaped(type) ? { schema, mediaType: PROBLEM_MEDIA_TYPE } : { schema };
}

/** The type a value stands for; `array`/`primitive` for the forms `schemaOfValue` builds itself. */
function typeOfValue(
  context: AnalysisContext,
  expression: ts.Expression,
): ts.Type | 'array' | 'primitive' | undefined {
  const node = skipParentheses(expression);
  if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node) || ts.isSatisfiesExpression(node)) {
    return context.checker.getTypeFromTypeNode(node.type);
  }
  if (ts.isArrayLiteralExpression(node)) return 'array';
  const name = resolveSymbol(context.checker, node)?.getName();
  if (name && PRIMITIVE_CONSTRUCTORS[name]) return 'primitive';
  const constructed = context.checker.getTypeAtLocation(node).getConstructSignatures()[0]?.getReturnType();
  if (constructed) return constructed;
  reportError(
    context,
    'SVC_ERR_NOT_STATIC',
    '@ApiResponse type must be a class, [Class], String/Number/Boolean or a typed value ({} as T)',
    expression,
  );
  return undefined;
}

/** `[Item]` → an array of `Item`'s schema; `String`/`Number`/`Boolean` → that primitive. */
function schemaOfValue(context: AnalysisContext, expression: ts.Expression): JsonSchema {
  const node = skipParentheses(expression);
  if (ts.isArrayLiteralExpression(node)) {
    const element = node.elements[0];
    return { type: 'array', items: element ? itemSchema(context, element) : {} };
  }
  const name = resolveSymbol(context.checker, node)?.getName();
  return { ...(name ? PRIMITIVE_CONSTRUCTORS[name] : {}) };
}

function itemSchema(context: AnalysisContext, element: ts.Expression): JsonSchema {
  const type = typeOfValue(context, element);
  if (type === undefined) return {};
  if (type === 'array' || type === 'primitive') return schemaOfValue(context, element);
  return context.schemas.schemaFor(type, element);
}

function skipParentheses(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  return node;
}

/** A class whose base chain reaches svc's own `HttpError`. */
function extendsHttpError(type: ts.Type): boolean {
  const seen = new Set<ts.Type>();
  const pending: ts.Type[] = [type];
  for (let current = pending.pop(); current; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const symbol = current.getSymbol();
    const declarations = symbol?.getDeclarations() ?? [];
    if (
      symbol?.getName() === 'HttpError' &&
      declarations.some((d) => isSvcFile(d.getSourceFile().fileName))
    ) {
      return true;
    }
    if (current.isClassOrInterface()) pending.push(...(current.getBaseTypes() ?? []));
  }
  return false;
}

/** An RFC 9457 body: it has `type`, `title` and `status`. */
function isProblemShaped(type: ts.Type): boolean {
  return ['type', 'title', 'status'].every((name) => type.getProperty(name) !== undefined);
}
