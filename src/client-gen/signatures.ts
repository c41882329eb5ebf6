/**
 * The types of each operation: its argument object, its result, and its documented errors. The
 * `Api` interface (one property per controller, one method per handler) and `OperationErrors`
 * (what `ApiError.is('books.get')` narrows to) are written from them.
 */
import type { ApiResponseModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { splitNull } from '../model/null-schema.js';
import { richTypeOf } from '../model/rich-types.js';
import type { ClientArg, ClientOperation } from './operations.js';
import type { GroupTexts } from './parts.js';
import { sseMessageType } from './sse-items.js';
import { rawBodyType } from './body-media.js';
import { blockComment, docComment, propertyKey, typeOf, type TypeNamer } from './types.js';
import { callType } from './credentials.js';

/**
 * Path, query, header and cookie values are sent as text, so a Date or a bigint may be passed as
 * it is (the `svc.rich` mark is on the value's schema, inside any "or null").
 */
function argType(arg: ClientArg, name: TypeNamer): string {
  if (arg.bodyMedia?.kind === 'bytes' || arg.bodyMedia?.kind === 'stream') return rawBodyType(arg.bodyMedia);
  const type = typeOf(arg.schema, name);
  if (arg.source === 'body' || arg.source === 'queryObject') return type;
  const rich = richTypeOf(splitNull(arg.schema).schema);
  if (rich === 'Date') return `Date | ${type}`;
  if (rich === 'bigint') return `bigint | ${type}`;
  return type;
}

/** `args: { id: string }`, optional as a whole when every member is; empty when the handler binds nothing. */
function argsParameter(operation: ClientOperation, name: TypeNamer): string {
  if (operation.args.length === 0) return '';
  const members = operation.args.map(
    (arg) =>
      `${defaultComment(arg)}${propertyKey(arg.name)}${arg.required ? '' : '?'}: ${argType(arg, name)};`,
  );
  const optional = operation.args.every((arg) => !arg.required) ? '?' : '';
  return `args${optional}: { ${members.join(' ')} }, `;
}

/** A doc comment naming the default the server applies to an argument left out (`limit = 20`). */
function defaultComment(arg: ClientArg): string {
  return arg.default === undefined ? '' : docComment(`Default: ${JSON.stringify(arg.default)}.`);
}

/** `Token credential: optional` for each scheme the operation's guards check (`call.credentials` or `headers`). */
function credentialText(operation: ClientOperation): string | undefined {
  const parts = operation.credentials.map(
    (credential) => `${credential.name} credential: ${credential.optional ? 'optional' : 'required'}`,
  );
  return parts.length === 0 ? undefined : parts.join('; ');
}

/**
 * The method's doc comment: the JSDoc's summary and description as the author wrote them, then
 * the route, then its credentials, each its own paragraph.
 */
function methodComment(operation: ClientOperation): string {
  const { route } = operation;
  const line = `${route.httpMethod} ${operation.path}${route.kind === 'http' ? '' : ` (${route.kind})`}`;
  const paragraphs = [route.doc.summary, route.doc.description, line, credentialText(operation)];
  return blockComment(
    paragraphs.filter((paragraph): paragraph is string => paragraph !== undefined && paragraph !== ''),
    '    ',
  );
}

export function resultType(operation: ClientOperation, name: TypeNamer): string {
  const { route } = operation;
  const item = typeOf(route.returns.schema ?? {}, name);
  if (route.kind === 'sse') return `AsyncIterable<${sseMessageType(route.returns.schema, name) ?? item}>`;
  if (route.kind === 'websocket') return `TypedSocket<${incomingType(operation, name)}, ${item}>`;
  switch (route.returns.kind) {
    case 'json':
      return `Promise<${item}>`;
    case 'text':
      return `Promise<${route.returns.schema ? item : 'string'}>`;
    case 'bytes': // a download (Blob, File, sendFile, a stream) is read as a Blob
      return route.returns.download ? 'Promise<Blob>' : 'Promise<Uint8Array>';
    case 'void':
      return 'Promise<void>';
    case 'stream': // only SSE and WebSocket routes return streams; the raw answer otherwise
      return 'Promise<Response>';
  }
}

/** What `@Messages()` iterates; only text frames exist, so an unknown type is `string`. */
function incomingType(operation: ClientOperation, name: TypeNamer): string {
  const messages = operation.route.params.find((param) => param.source === 'messages');
  const schema: JsonSchema = messages?.schema ?? {};
  return Object.keys(schema).length === 0 ? 'string' : typeOf(schema, name);
}

export function methodSignature(operation: ClientOperation, name: TypeNamer): string {
  const call = callType(operation);
  const params = `${argsParameter(operation, name)}call?: ${call}`;
  const key = propertyKey(operation.method);
  const comment = methodComment(operation);
  const plain = `${comment}\n    ${key}(${params}): ${resultType(operation, name)};`;
  if (!isDownload(operation)) return plain;
  // A download also gives its body as a stream, asked for with `{ stream: true }`.
  const streamed = `${argsParameter(operation, name)}call: ${call} & { stream: true }`;
  return `${comment}\n    ${key}(${streamed}): Promise<ReadableStream<Uint8Array>>;\n${plain}`;
}

/** An HTTP route answering a download: read as a Blob, or as a stream on request. */
export function isDownload(operation: ClientOperation): boolean {
  return operation.route.kind === 'http' && operation.route.returns.download !== undefined;
}

export function apiInterface(groups: GroupTexts[]): string {
  const members = groups.map(
    (group) =>
      `  ${propertyKey(group.name)}: {\n${group.operations.map((op) => op.signature).join('\n')}\n  };`,
  );
  return `/** The API: one property per controller, one method per handler. */\nexport interface Api {\n${members.join('\n')}\n}`;
}

/** The client parses a body as JSON when its media type is JSON (`application/json`, `...+json`), else keeps the text. */
const JSON_MEDIA = /[/+]json\b/;

/** One member per body the status may carry (a catcher's envelope, a guard's text, svc's problem). */
function errorEntry(response: ApiResponseModel, name: TypeNamer): string {
  const bodies = [
    { schema: response.schema, mediaType: response.mediaType },
    ...(response.alternatives ?? []),
  ];
  const entries = bodies.map((content) => {
    const media = content.mediaType ?? 'application/json';
    const body =
      content.schema === undefined
        ? 'unknown'
        : JSON_MEDIA.test(media)
          ? typeOf(content.schema, name)
          : 'string';
    const problem = media === 'application/problem+json' ? body : 'undefined';
    return `{ status: ${response.status}; body: ${body}; problem: ${problem} }`;
  });
  return [...new Set(entries)].join(' | ');
}

/** The operation's members of `OperationErrors` and `DOCUMENTED_ERRORS`; none without documented errors. */
export function errorLines(op: ClientOperation, name: TypeNamer): ErrorLines | undefined {
  if (op.errors.length === 0) return undefined;
  return {
    type: `  ${JSON.stringify(op.id)}: ${op.errors.map((error) => errorEntry(error, name)).join(' | ')};`,
    statuses: `  ${JSON.stringify(op.id)}: [${op.errors.map((error) => error.status).join(', ')}],`,
  };
}

export interface ErrorLines {
  type: string;
  statuses: string;
}

/** `OperationErrors` and the statuses `ApiError.is` checks at run time, from the same list. */
export function errorDeclarations(groups: GroupTexts[]): string {
  const lines = groups.flatMap((group) => group.operations.flatMap((op) => (op.errors ? [op.errors] : [])));
  return [
    '/** The documented error answers of each operation, by status. */',
    `export interface OperationErrors {\n${lines.map((line) => line.type).join('\n')}\n}`,
    `const DOCUMENTED_ERRORS: { [K in keyof OperationErrors]: readonly number[] } = {\n${lines.map((line) => line.statuses).join('\n')}\n};`,
  ].join('\n');
}
