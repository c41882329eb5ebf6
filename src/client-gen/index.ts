/**
 * The typed client (docs/client.md): the app model → the text of `.svc/client.ts`, a
 * dependency-free TypeScript module for Node 20+ and browsers. Named types, the `Api` interface
 * and its documented errors, `createClient`, then the fixed runtime the calls go through.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppModel, ControllerModel, RouteKind } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { clientFactory } from './factory.js';
import { namedTypeDeclaration, schemaNamer } from './named-types.js';
import { controllerTexts, type ControllerTexts, type GroupTexts } from './parts.js';
import { CORE_SOURCE } from './template/core.js';
import { CALL_SOURCE, SEND_SOURCE } from './template/send.js';
import { SOCKET_SOURCE } from './template/socket.js';
import { ITEM_SOURCE, SSE_SOURCE } from './template/sse.js';
import { apiInterface, errorDeclarations } from './signatures.js';

/** Where `svc dev` and `svc build` write the client, relative to the project root. */
export const CLIENT_FILE = path.join('.svc', 'client.ts');

const HEADER = `// The typed client of this app, written by svc from its app model on every \`svc dev\` and
// \`svc build\`: do not edit. How to use it: svc's docs/client.md.
/* eslint-disable */
`;

export function generateClient(model: AppModel): string {
  const name = schemaNamer(Object.keys(model.schemas));
  return clientText(model, {
    controller: (controller) => controllerTexts(model, controller, name),
    namedType: (schemaName, schema) => namedTypeDeclaration(schemaName, schema, name),
  });
}

/** Where the client's pieces come from: made afresh, or kept from an earlier run (./client-cache.ts). */
export interface ClientPieces {
  controller: (controller: ControllerModel) => ControllerTexts;
  namedType: (schemaName: string, schema: JsonSchema) => string;
}

/** The client's text, joined from each controller's texts and each reached schema's declaration. */
export function clientText(model: AppModel, pieces: ClientPieces): string {
  const controllers = model.controllers.map(pieces.controller).filter((texts) => texts.operations.length > 0);
  const groups = mergedGroups(controllers);
  const schemas = new Set(controllers.flatMap((texts) => texts.schemas));
  const sections = [
    HEADER,
    ...[...schemas].sort().map((schemaName) => pieces.namedType(schemaName, model.schemas[schemaName]!)),
    '',
    apiInterface(groups),
    '',
    errorDeclarations(groups),
    '',
    clientFactory(groups, model.prefix, controllers[0]?.firstCall),
    ...runtimeSources(new Set(controllers.flatMap((texts) => [...texts.kinds]))),
  ];
  return `${sections.join('\n').trimEnd()}\n`;
}

/**
 * Two controllers with one base (`Books` and `BooksController`) share a group, in the order the
 * first of them comes: the analyzer checks that no two routes of a group have one method name.
 */
function mergedGroups(controllers: readonly ControllerTexts[]): GroupTexts[] {
  const groups = new Map<string, GroupTexts>();
  for (const texts of controllers) {
    const group = groups.get(texts.name);
    if (group) group.operations.push(...texts.operations);
    else groups.set(texts.name, { name: texts.name, operations: [...texts.operations] });
  }
  return [...groups.values()];
}

/**
 * The fixed parts the operations use, and only those: a client without WebSocket routes has no
 * socket code, so a project compiling with `noUnusedLocals` has nothing unused in it.
 */
function runtimeSources(kinds: ReadonlySet<RouteKind>): string[] {
  const streams = kinds.has('sse') || kinds.has('websocket');
  return [
    CORE_SOURCE,
    ...(kinds.has('http') || kinds.has('sse') ? [SEND_SOURCE] : []),
    ...(kinds.has('http') ? [CALL_SOURCE] : []),
    ...(streams ? [ITEM_SOURCE] : []),
    ...(kinds.has('sse') ? [SSE_SOURCE] : []),
    ...(kinds.has('websocket') ? [SOCKET_SOURCE] : []),
  ];
}

/** Writes `<root>/.svc/client.ts` (`text`: the model's client, generated or joined); returns its path. */
export async function writeClientFile(root: string, text: string): Promise<string> {
  const file = path.join(root, CLIENT_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, 'utf8');
  return file;
}
