/**
 * The typed client (docs/client.md): the app model → the text of `.svc/client.ts`, a
 * dependency-free TypeScript module for Node 20+ and browsers. Named types, the `Api` interface
 * and its documented errors, `createClient`, then the fixed runtime the calls go through.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppModel } from '../model/app-model.js';
import { clientFactory } from './factory.js';
import { namedTypeDeclarations, schemaNamer } from './named-types.js';
import { clientGroups, type ClientGroup } from './operations.js';
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
  const groups = clientGroups(model);
  const name = schemaNamer(Object.keys(model.schemas));
  const sections = [
    HEADER,
    ...namedTypeDeclarations(model, groups, name),
    '',
    apiInterface(groups, name),
    '',
    errorDeclarations(groups, name),
    '',
    clientFactory(groups, model),
    ...runtimeSources(groups),
  ];
  return `${sections.join('\n').trimEnd()}\n`;
}

/**
 * The fixed parts the operations use, and only those: a client without WebSocket routes has no
 * socket code, so a project compiling with `noUnusedLocals` has nothing unused in it.
 */
function runtimeSources(groups: ClientGroup[]): string[] {
  const kinds = new Set(groups.flatMap((group) => group.operations.map((operation) => operation.route.kind)));
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

/** Writes `<root>/.svc/client.ts`; returns its path. */
export async function writeClientFile(root: string, model: AppModel): Promise<string> {
  const file = path.join(root, CLIENT_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, generateClient(model), 'utf8');
  return file;
}
