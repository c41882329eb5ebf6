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
import { SERIALIZE_HELPERS } from './helpers.js';

export type { DropReporter } from './compiler.js';

export type CompiledSerializer = (value: unknown) => string;

/** `where` of the answer itself in drop reports: `answer.items[].extra`. */
export const ROOT_WHERE = 'answer';

export function compileSerializer(
  schema: JsonSchema,
  schemas: Schemas,
  reportDrop?: DropReporter,
): CompiledSerializer {
  const compiler = new SerializerCompiler(schemas, reportDrop);
  const root = compiler.functionFor(schema, ROOT_WHERE);
  return compiler.finish(root, SERIALIZE_HELPERS);
}
