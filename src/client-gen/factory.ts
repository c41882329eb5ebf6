/**
 * `createClient(options)`: the object behind `Api`, one arrow per operation handing its wire
 * description (method, path, where each argument goes, how the answer is read) to the runtime.
 * The types come from `Api` by context, so nothing here restates them.
 */
import type { AppModel, ReturnKind, RouteModel } from '../model/app-model.js';
import { itemReading } from '../model/item-reading.js';
import type { ClientOperation } from './operations.js';
import type { GroupTexts } from './parts.js';
import { isDownload } from './signatures.js';
import { sseReadings } from './sse-items.js';
import { bodySending } from './body-media.js';
import { propertyKey } from './types.js';
import { credentialsField } from './credentials.js';

const ANSWERS: Record<ReturnKind, string> = {
  json: 'json',
  text: 'text',
  bytes: 'bytes',
  void: 'void',
  stream: 'raw',
};

/** The operation's wire description as an object literal the runtime reads (`OperationSpec`). */
function operationSpec(operation: ClientOperation, model: AppModel): string {
  const { route } = operation;
  const args = operation.args.map((arg) => JSON.stringify([arg.name, arg.source, arg.key]));
  const fields = [
    `id: ${JSON.stringify(operation.id)}`,
    `method: ${JSON.stringify(route.httpMethod)}`,
    `path: ${JSON.stringify(operation.path)}`,
    `args: [${args.join(', ')}]`,
  ];
  const sending = bodySending(operation.args.find((arg) => arg.bodyMedia !== undefined)?.bodyMedia);
  if (sending !== undefined) fields.push(`body: '${sending}'`);
  fields.push(...credentialsField(operation));
  if (route.kind === 'http')
    fields.push(`answer: '${isDownload(operation) ? 'blob' : ANSWERS[route.returns.kind]}'`);
  else fields.push(...itemFields(route, model));
  return `{ ${fields.join(', ')} }`;
}

/** How a stream's items are read; for a route of SseEvents, also by event name. */
function itemFields(route: RouteModel, model: AppModel): string[] {
  const events = route.kind === 'sse' ? sseReadings(route.returns.schema, model.schemas) : undefined;
  if (!events) return [`items: '${itemReading(route.returns.schema, model.schemas)}'`];
  const pairs = events.events.map(([name, reading]) => `[${JSON.stringify(name)}, '${reading}']`);
  return [`items: '${events.items}'`, `events: [${pairs.join(', ')}]`];
}

const RUNNERS = { http: 'callOperation', sse: 'eventStream', websocket: 'openSocket' } as const;

export function operationArrow(operation: ClientOperation, model: AppModel): string {
  const runner = RUNNERS[operation.route.kind];
  const spec = operationSpec(operation, model);
  const key = propertyKey(operation.method);
  if (isDownload(operation)) return downloadArrow(key, spec, operation.args.length === 0);
  if (operation.args.length === 0)
    return `      ${key}: (call) => ${runner}(options, ${spec}, undefined, call),`;
  return `      ${key}: (args, call) => ${runner}(options, ${spec}, args, call),`;
}

/**
 * A download's method has two signatures (a Blob, or a stream with `{ stream: true }`), which give
 * an arrow no parameter types: it names them, and its result stands for either.
 */
function downloadArrow(key: string, spec: string, noArgs: boolean): string {
  const call = `callOperation<never>(options, ${spec}, ${noArgs ? 'undefined' : 'args'}, call)`;
  return noArgs
    ? `      ${key}: (call?: CallOptions) => ${call},`
    : `      ${key}: (args: Args, call?: CallOptions) => ${call},`;
}

/** `createClient`; `firstCall` is the call its comment shows (./parts.ts's `firstCall`). */
export function clientFactory(groups: GroupTexts[], prefix: string, firstCall: string | undefined): string {
  const members = groups.map(
    (group) =>
      `    ${propertyKey(group.name)}: {\n${group.operations.map((op) => op.arrow).join('\n')}\n    },`,
  );
  return [
    factoryComment(prefix, firstCall),
    'export function createClient(options: ClientOptions): Api {',
    '  return {',
    ...members,
    '  };',
    '}',
  ].join('\n');
}

/**
 * `createClient`'s comment, about this app: its base URL with the app's prefix, and a call of its
 * own first operation (`api.articles.list(...)`), not an example from another app.
 */
function factoryComment(prefix: string, firstCall: string | undefined): string {
  const baseUrl = `http://localhost:8080${prefix}`;
  const created = `\`const api = createClient({ baseUrl: '${baseUrl}' })\``;
  let text = `The client: ${created}`;
  if (firstCall !== undefined) text += `, then ${firstCall}`;
  // A prefix or a name holding `*/` would end the comment early.
  return `/** ${text.replace(/\*\//g, '*\\/')}. */`;
}

/** How the comment shows a call of `operation` of group `group`: `` `await api.books.list(...)` ``. */
export function callExample(group: string, operation: ClientOperation): string {
  const call = `api${member(group)}${member(operation.method)}(${operation.args.length === 0 ? '' : '...'})`;
  return operation.route.kind === 'http' ? `\`await ${call}\`` : `\`${call}\``;
}

/** `.list`, or `["list-all"]` for a name that is no identifier. */
function member(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}
