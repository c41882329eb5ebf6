/**
 * Document-only decorators of a route: operation id, summary, description, tags, extra responses,
 * hidden, deprecated.
 */
import ts from './typescript.cjs';
import type { ApiResponseModel, RouteDocModel } from '../model/app-model.js';
import { OPERATION_ID_TEXT } from '../model/operation-ids.js';
import { reportError, type AnalysisContext } from './context.js';
import { allSvc, findSvc, readArgument, type SvcDecorator } from './decorators.js';
import { responseContent } from './response-type.js';
import { objectLiteralOf, objectProperties, readStatic, requireStatic } from './static-values.js';

export interface RouteDocInput {
  method: ts.MethodDeclaration;
  decorators: SvcDecorator[];
  controllerDecorators: SvcDecorator[];
  /** The id by the default rule; assembly applies the app's `operationIds` rule to it. */
  operationId: string;
  baseName: string;
}

export function extractRouteDoc(context: AnalysisContext, input: RouteDocInput): RouteDocModel {
  const { decorators, controllerDecorators } = input;
  const explicitId = readOperationId(context, decorators);
  const doc: RouteDocModel = {
    operationId: explicitId ?? input.operationId,
    ...(explicitId !== undefined && { explicitOperationId: true as const }),
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

/** `@ApiOperationId(id)`: a static string that tools can use as a name (`OPERATION_ID_TEXT`). */
function readOperationId(context: AnalysisContext, decorators: SvcDecorator[]): string | undefined {
  const decorator = findSvc(decorators, 'ApiOperationId');
  if (!decorator) return undefined;
  const id = readArgument(context, decorator, 0);
  if (typeof id !== 'string') return undefined; // not static: reported as SVC_ERR_NOT_STATIC
  if (OPERATION_ID_TEXT.test(id)) return id;
  reportError(
    context,
    'SVC_ERR_INVALID_OPERATION_ID',
    `@ApiOperationId(${JSON.stringify(id)}): an operation id is a letter or '_', then letters, digits, '_', '.' or '-'`,
    decorator.args[0] ?? decorator.node,
  );
  return undefined;
}

/**
 * The method's JSDoc text (tags aside): its first sentence is the summary (lines joined by
 * spaces), the rest of the text the description, with the line breaks the author wrote (a list
 * stays a list; Markdown reads a single line break in prose as a space). A first paragraph with
 * no sentence end is the summary as a whole.
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
  const [summary, afterSummary] = firstSentence(first);
  const description = [afterSummary, ...rest].filter((paragraph) => paragraph !== '').join('\n\n');
  return description === '' ? { summary } : { summary, description };
}

/**
 * `Lists books. Newest first.` → [`Lists books.`, `Newest first.`]; a dot before a lower-case word
 * (`e.g. the`) does not end it. The sentence's lines are joined; the rest keeps its own.
 */
function firstSentence(paragraph: string): [string, string] {
  const end = /[.!?](?=\s+[A-Z0-9`'"([])/.exec(paragraph);
  const cut = end ? end.index + 1 : paragraph.length;
  return [paragraph.slice(0, cut).replace(/\s*\r?\n\s*/g, ' '), paragraph.slice(cut).trim()];
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

/**
 * `@ApiResponse` on the controller, then on the method (or on the app class); a later one for
 * the same status wins. With `type`, it says what the body is; without, it only describes the
 * status, whose content stays what svc or a covering component answers (see `addEarlyAnswers`).
 * `null` for the options drops the status (`dropped`, removed at assembly). The options are an
 * object literal, in place or held by a `const`; anything else is `SVC_ERR_NOT_STATIC`.
 */
export function readResponses(context: AnalysisContext, decorators: SvcDecorator[]): ApiResponseModel[] {
  const byStatus = new Map<number, ApiResponseModel>();
  for (const decorator of allSvc(decorators, 'ApiResponse')) {
    const [statusArgument, optionsArgument] = decorator.args;
    if (!statusArgument) continue;
    const status = requireStatic(context, statusArgument, 'number', '@ApiResponse status');
    const response = status === undefined ? undefined : readResponse(context, status, optionsArgument);
    if (response) byStatus.set(response.status, response);
  }
  return [...byStatus.values()];
}

function readResponse(
  context: AnalysisContext,
  status: number,
  optionsArgument: ts.Expression | undefined,
): ApiResponseModel | undefined {
  if (optionsArgument && readStatic(context, optionsArgument) === null)
    return { status, description: defaultDescription(status), dropped: true };
  const literal = optionsArgument && objectLiteralOf(context, optionsArgument);
  if (optionsArgument && !literal) {
    reportError(
      context,
      'SVC_ERR_NOT_STATIC',
      `@ApiResponse options must be an object literal known at build time (in place or a const), or null, got \`${optionsArgument.getText()}\``,
      optionsArgument,
    );
    return undefined;
  }
  const options = objectProperties(literal, context);
  const descriptionNode = options.get('description');
  const description =
    descriptionNode && requireStatic(context, descriptionNode, 'string', '@ApiResponse description');
  const mediaTypeNode = options.get('mediaType');
  const mediaType =
    mediaTypeNode && requireStatic(context, mediaTypeNode, 'string', '@ApiResponse mediaType');
  const response: ApiResponseModel = { status, description: description ?? defaultDescription(status) };
  const typeNode = options.get('type');
  if (typeNode) Object.assign(response, responseContent(context, typeNode));
  else response.describesOnly = true;
  if (mediaType !== undefined) response.mediaType = mediaType;
  return response;
}

function defaultDescription(status: number): string {
  return status < 400 ? 'Success' : 'Error';
}
