/**
 * The named types of the client: one `export type` per component schema the operations reach,
 * under the schema's name (made an identifier, and kept off the client's own exported names).
 */
import type { AppModel } from '../model/app-model.js';
import { reachableSchemas } from '../model/refs.js';
import type { ClientGroup } from './operations.js';
import { docComment, typeOf, type TypeNamer } from './types.js';

/**
 * Names the client itself exports, and the types its fixed parts declare for themselves (a schema
 * type of such a name would be declared twice); a schema of the same name gets a trailing `_`.
 */
export const CLIENT_EXPORTS: ReadonlySet<string> = new Set([
  'Api',
  'ApiError',
  'CallOptions',
  'ClientOptions',
  'OperationErrors',
  'Problem',
  'SocketClosedError',
  'SseMessage',
  'TypedSocket',
  'WebSocketClass',
  'WebSocketLike',
  'createClient',
  // Declared, not exported, by the fixed parts (./template/).
  'ArgSpec',
  'Args',
  'ClientSocket',
  'EventBuffer',
  'ItemReading',
  'OperationSpec',
  'Prepared',
  'RefusedUpgrade',
  'Source',
]);

/** Every schema name → a distinct identifier, decided in sorted order so the result is stable. */
export function schemaNamer(schemaNames: Iterable<string>): TypeNamer {
  const names = new Map<string, string>();
  const used = new Set<string>(CLIENT_EXPORTS);
  for (const schemaName of [...schemaNames].sort()) {
    let identifier = schemaName.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
    while (used.has(identifier)) identifier += '_';
    used.add(identifier);
    names.set(schemaName, identifier);
  }
  return (schemaName) => names.get(schemaName) ?? 'unknown';
}

/** `export type Book = {...};` for each component schema the operations refer to, sorted by name. */
export function namedTypeDeclarations(model: AppModel, groups: ClientGroup[], name: TypeNamer): string[] {
  const roots = groups.flatMap((group) => group.operations.map((operation) => operation.route));
  const schemas = reachableSchemas(roots, model.schemas);
  return Object.entries(schemas).map(([schemaName, schema]) => {
    const comment = docComment(schema.description).trimEnd();
    return `${comment === '' ? '' : `${comment}\n`}export type ${name(schemaName)} = ${typeOf(schema, name)};`;
  });
}
