/** Document-only decorators of a route: summary, description, tags, extra responses, hidden, deprecated. */
import ts from 'typescript';
import type { ApiResponseModel, RouteDocModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { reportError, type AnalysisContext } from './context.js';
import { allSvc, classDeclarationOf, findSvc, type SvcDecorator } from './decorators.js';
import { objectProperties, requireStatic } from './static-values.js';
import { resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

export interface RouteDocInput {
  method: ts.MethodDeclaration;
  decorators: SvcDecorator[];
  controllerDecorators: SvcDecorator[];
  operationId: string;
  baseName: string;
}

export function extractRouteDoc(context: AnalysisContext, input: RouteDocInput): RouteDocModel {
  const { decorators, controllerDecorators } = input;
  const doc: RouteDocModel = {
    operationId: input.operationId,
    tags: readTags(context, decorators) ?? readTags(context, controllerDecorators) ?? [input.baseName],
    hidden:
      findSvc(decorators, 'ApiHidden') !== undefined ||
      findSvc(controllerDecorators, 'ApiHidden') !== undefined,
    responses: readResponses(context, [...controllerDecorators, ...decorators]),
  };
  const fromJsDoc = jsDocParagraphs(input.method);
  const summary = readText(context, decorators, 'ApiSummary') ?? fromJsDoc.summary;
  if (summary !== undefined) doc.summary = summary;
  const description = readText(context, decorators, 'ApiDescription') ?? fromJsDoc.description;
  if (description !== undefined) doc.description = description;
  if (ts.getJSDocDeprecatedTag(input.method)) doc.deprecated = true;
  return doc;
}

/**
 * The method's JSDoc text (tags aside): its first paragraph is the summary (lines joined by
 * spaces), the paragraphs after it the description.
 */
function jsDocParagraphs(method: ts.MethodDeclaration): { summary?: string; description?: string } {
  const docs = ts
    .getJSDocCommentsAndTags(method)
    .filter((d): d is ts.JSDoc => ts.isJSDoc(d) && d.parent === method);
  const text = docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment)?.trim() ?? '')
    .filter((part) => part !== '')
    .join('\n\n');
  if (text === '') return {};
  const [first = '', ...rest] = text.split(/\r?\n[ \t]*\r?\n/).map((paragraph) => paragraph.trim());
  const summary = first.replace(/\s*\r?\n\s*/g, ' ');
  const description = rest.filter((paragraph) => paragraph !== '').join('\n\n');
  return description === '' ? { summary } : { summary, description };
}

function readText(
  context: AnalysisContext,
  decorators: SvcDecorator[],
  name: 'ApiSummary' | 'ApiDescription',
): string | undefined {
  const argument = findSvc(decorators, name)?.args[0];
  return argument && requireStatic(context, argument, 'string', `@${name} text`);
}

/** Every `@ApiTag(...names)` at one level, in the order written; undefined when there are none. */
function readTags(context: AnalysisContext, decorators: SvcDecorator[]): string[] | undefined {
  const tagDecorators = allSvc(decorators, 'ApiTag');
  if (tagDecorators.length === 0) return undefined;
  const tags: string[] = [];
  for (const decorator of tagDecorators) {
    for (const argument of decorator.args) {
      const tag = requireStatic(context, argument, 'string', '@ApiTag name');
      if (tag !== undefined && !tags.includes(tag)) tags.push(tag);
    }
  }
  return tags;
}

/** `@ApiResponse` on the controller, then on the method; a later one for the same status wins. */
function readResponses(context: AnalysisContext, decorators: SvcDecorator[]): ApiResponseModel[] {
  const byStatus = new Map<number, ApiResponseModel>();
  for (const decorator of allSvc(decorators, 'ApiResponse')) {
    const [statusArgument, optionsArgument] = decorator.args;
    if (!statusArgument) continue;
    const status = requireStatic(context, statusArgument, 'number', '@ApiResponse status');
    const options = objectProperties(optionsArgument);
    const descriptionNode = options.get('description');
    const description =
      descriptionNode && requireStatic(context, descriptionNode, 'string', '@ApiResponse description');
    if (status === undefined) continue;
    const response: ApiResponseModel = { status, description: description ?? defaultDescription(status) };
    const typeNode = options.get('type');
    if (typeNode) response.schema = schemaOfValue(context, typeNode);
    byStatus.set(status, response);
  }
  return [...byStatus.values()];
}

function defaultDescription(status: number): string {
  return status < 400 ? 'Success' : 'Error';
}

const PRIMITIVE_CONSTRUCTORS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  Number: { type: 'number' },
  Boolean: { type: 'boolean' },
};

/**
 * The schema of a value written where a type is meant: `User` (a class: its instances),
 * `[User]` (an array of them), `String`/`Number`/`Boolean`.
 */
function schemaOfValue(context: AnalysisContext, expression: ts.Expression): JsonSchema {
  const node = skipOuterExpressions(expression);
  if (ts.isArrayLiteralExpression(node)) {
    const element = node.elements[0];
    return { type: 'array', items: element ? schemaOfValue(context, element) : {} };
  }
  const declaration = classDeclarationOf(context, node);
  if (declaration) {
    const symbol = context.checker.getSymbolAtLocation(declaration.name ?? declaration);
    if (symbol) return context.schemas.schemaFor(context.checker.getDeclaredTypeOfSymbol(symbol), node);
  }
  const name = resolveSymbol(context.checker, node)?.getName();
  const primitive = name ? PRIMITIVE_CONSTRUCTORS[name] : undefined;
  if (primitive) return { ...primitive };
  const type = context.checker.getTypeAtLocation(node);
  const constructed = type.getConstructSignatures()[0]?.getReturnType();
  if (constructed) return context.schemas.schemaFor(constructed, node);
  reportError(context, 'SVC_ERR_NOT_STATIC', '@ApiResponse type must be a class or [Class]', expression);
  return {};
}
