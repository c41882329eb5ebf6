/**
 * An intersection the analyzer could not flatten (`allOf`): its object members merged into one
 * object schema, properties in member order, so the result writes exactly what the members
 * declare together. Any member that is open (or not an object) leaves the whole open. (An
 * intersection that also admits null reaches here without its null: compiler.ts splits it off.)
 */
import type { JsonSchema } from '../../model/json-schema.js';
import type { SerializerCompiler } from './compiler.js';

export function mergeAllOf(schema: JsonSchema, compiler: SerializerCompiler): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  let open = false;
  const visit = (member: JsonSchema, depth: number): void => {
    const resolved = compiler.resolve(member);
    if (resolved.allOf !== undefined && depth < 8)
      for (const inner of resolved.allOf) visit(inner, depth + 1);
    if (resolved.properties === undefined && resolved.allOf === undefined) open = true;
    if (resolved.additionalProperties !== undefined && resolved.additionalProperties !== false) open = true;
    for (const [key, child] of Object.entries(resolved.properties ?? {})) properties[key] ??= child;
    for (const key of resolved.required ?? []) required.add(key);
  };
  for (const member of schema.allOf ?? []) visit(member, 0);
  if (open) return {};
  return { type: 'object', properties, required: [...required] };
}
