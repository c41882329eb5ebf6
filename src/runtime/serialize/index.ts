/**
 * The JSON serializer of a route, compiled once at start-up from its declared return schema (the
 * item schema for SSE and WebSocket routes): exactly the declared properties, in declared order,
 * each rich value in the form the document gives it. See docs/routing.md, "Return values".
 *
 *   const serialize = compileSerializer(route.returns.schema, model.schemas);
 *   serialize({ id: 1, name: 'a', passwordHash: 'x' }) // '{"id":1,"name":"a"}' for {id, name}
 *
 * With `reportDrop` (dev mode), every key an object carries beyond its type is reported (the
 * caller decides how often to log it).
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { SerializerCompiler, type DropReporter, type Schemas } from './compiler.js';
import { serializerKey } from '../compiled/keys.js';
import { compiledFor } from '../compiled/store.js';
import { SERIALIZE_HELPERS } from './helpers.js';

export type { DropReporter } from './compiler.js';

export type CompiledSerializer = (value: unknown) => string;

/** `where` of the answer itself in drop reports: `answer.items[].extra`. */
export const ROOT_WHERE = 'answer';

/**
 * Without `reportDrop`, the serializer `svc build` emitted for this schema when there is one
 * (src/runtime/compiled): the same source, loaded rather than evaluated. With it (dev mode, whose
 * reloads should not compile every route), compiled on its first call.
 */
export function compileSerializer(
  schema: JsonSchema,
  schemas: Schemas,
  reportDrop?: DropReporter,
): CompiledSerializer {
  if (reportDrop) {
    let serialize: CompiledSerializer | undefined;
    return (value) => (serialize ??= compileNow(schema, schemas, reportDrop))(value);
  }
  const emitted = compiledFor(schemas)?.serializer(serializerKey(schema));
  if (emitted) return emitted.build(SERIALIZE_HELPERS, emitted.constants());
  return compileNow(schema, schemas, undefined);
}

function compileNow(schema: JsonSchema, schemas: Schemas, reportDrop: DropReporter | undefined) {
  const compiler = new SerializerCompiler(schemas, reportDrop);
  const root = compiler.functionFor(schema, ROOT_WHERE);
  return compiler.finish(root, SERIALIZE_HELPERS);
}

/** What `svc build` writes for a serializer: its source and the constants that source names. */
export function serializerSource(
  schema: JsonSchema,
  schemas: Schemas,
): { source: string; constants: readonly unknown[] } {
  const compiler = new SerializerCompiler(schemas, undefined);
  const root = compiler.functionFor(schema, ROOT_WHERE);
  return {
    source: compiler.source(root, Object.keys(SERIALIZE_HELPERS)),
    constants: compiler.constantValues(),
  };
}
