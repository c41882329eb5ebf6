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
import { clientGroups } from './operations.js';
import { HTTP_RUNTIME } from './template/http.js';
import { SOCKET_RUNTIME } from './template/socket.js';
import { SSE_RUNTIME } from './template/sse.js';
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
    HTTP_RUNTIME,
    SSE_RUNTIME,
    SOCKET_RUNTIME,
  ];
  return `${sections.join('\n').trimEnd()}\n`;
}

/** Writes `<root>/.svc/client.ts`; returns its path. */
export async function writeClientFile(root: string, model: AppModel): Promise<string> {
  const file = path.join(root, CLIENT_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, generateClient(model), 'utf8');
  return file;
}
