/**
 * The named types of the client: one `export type` per component schema the operations reach,
 * under the schema's name (made an identifier, and kept off the names the client declares itself).
 * A TypeScript enum's schema also gets its member names, as a constant object of the same name.
 */
import type { JsonSchema } from '../model/json-schema.js';
import { CORE_SOURCE } from './template/core.js';
import { CALL_SOURCE, SEND_SOURCE } from './template/send.js';
import { SOCKET_SOURCE } from './template/socket.js';
import { ITEM_SOURCE, SSE_SOURCE } from './template/sse.js';
import { docComment, propertyKey, typeOf, type TypeNamer } from './types.js';

/** Names the client exports beside the named types (docs/client.md, "Names"). */
export const CLIENT_EXPORTS: ReadonlySet<string> = new Set([
  'Api',
  'ApiError',
  'CallOptions',
  'ClientOptions',
  'OperationErrors',
  'Problem',
  'SocketClosedError',
  'SseGapError',
  'SseMessage',
  'TypedSocket',
  'WebSocketClass',
  'WebSocketLike',
  'createClient',
]);

const TOP_LEVEL_DECLARATION =
  /^(?:export )?(?:async )?(?:function\*?|const|let|class|interface|type) +([A-Za-z_$][\w$]*)/gm;

/**
 * Every name the client declares at its top level, which a named type (or an enum's member
 * object) of the same name would declare twice: the exports, `DOCUMENTED_ERRORS`, and whatever
 * the fixed parts (./template/) declare, read from their text so that the list cannot fall behind.
 */
function declaredNames(): Set<string> {
  const fixedParts = [CORE_SOURCE, SEND_SOURCE, CALL_SOURCE, ITEM_SOURCE, SSE_SOURCE, SOCKET_SOURCE];
  const declared = fixedParts.flatMap((source) =>
    [...source.matchAll(TOP_LEVEL_DECLARATION)].map((match) => match[1] as string),
  );
  return new Set([...CLIENT_EXPORTS, 'DOCUMENTED_ERRORS', ...declared]);
}

/** Every schema name → a distinct identifier, decided in sorted order so the result is stable. */
export function schemaNamer(schemaNames: Iterable<string>): TypeNamer {
  const names = new Map<string, string>();
  const used = declaredNames();
  for (const schemaName of [...schemaNames].sort()) {
    let identifier = schemaName.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
    while (used.has(identifier)) identifier += '_';
    used.add(identifier);
    names.set(schemaName, identifier);
  }
  return (schemaName) => names.get(schemaName) ?? 'unknown';
}

/** `export type Book = {...};` for the component schema `schemaName` (one the operations reach). */
export function namedTypeDeclaration(schemaName: string, schema: JsonSchema, name: TypeNamer): string {
  const identifier = name(schemaName);
  const comment = docComment(schema.description).trimEnd();
  const declaration = `${comment === '' ? '' : `${comment}\n`}export type ${identifier} = ${typeOf(schema, name)};`;
  const members = enumMembers(schema);
  return members === undefined ? declaration : `${declaration}\n${memberObject(identifier, members)}`;
}

/** A TypeScript enum's members, `[name, value]`, when its schema keeps their names (`svc.enumNames`). */
function enumMembers(schema: JsonSchema): [string, unknown][] | undefined {
  const names = schema.svc?.enumNames;
  const values = schema.enum;
  if (names === undefined || values === undefined || names.length !== values.length) return undefined;
  return names.map((member, index) => [member, values[index]]);
}

/**
 * `export const Role = { Admin: "admin", Member: "member" } as const;`: beside the type `Role`, so
 * the client's code can say `Role.Admin` as the server's does (a `const` object, not an `enum`, so
 * a project compiling with `erasableSyntaxOnly` accepts it).
 */
function memberObject(identifier: string, members: [string, unknown][]): string {
  const entries = members.map(([member, value]) => `${propertyKey(member)}: ${JSON.stringify(value)}`);
  return `export const ${identifier} = { ${entries.join(', ')} } as const;`;
}
