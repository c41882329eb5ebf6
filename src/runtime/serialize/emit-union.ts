/**
 * Unions (`oneOf` / `anyOf`): by the discriminator's tag when there is one (a table from each tag
 * value to its member's writer), else by shape (shape.ts), first member first. A value that fits
 * no member is written as JSON.stringify would.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import type { SerializerCompiler } from './compiler.js';
import { shapeTest } from './shape.js';

export function emitUnion(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const members = schema.oneOf ?? schema.anyOf ?? [];
  const writers = members.map((member, index) => compiler.functionFor(member, `${where}|${index}`));
  const byTag = tagTable(schema, members, writers, compiler);
  const tests = members.map(
    (member, index) => `  if (${shapeTest(member, compiler, 'v')}) return ${writers[index] as string}(v);`,
  );
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
${byTag}
${tests.join('\n')}
  return anyItem(v);
}`,
  );
}

/** `switch (v.kind)` over every member's tag values; empty when the union has no usable discriminator. */
function tagTable(
  schema: JsonSchema,
  members: JsonSchema[],
  writers: string[],
  compiler: SerializerCompiler,
): string {
  const tag = schema.discriminator?.propertyName;
  if (tag === undefined) return '';
  const cases: string[] = [];
  for (const [index, member] of members.entries()) {
    const property = compiler.resolve(member).properties?.[tag];
    const values = property?.enum ?? (property?.const === undefined ? [] : [property.const]);
    for (const value of values)
      cases.push(`    case ${JSON.stringify(value)}: return ${writers[index] as string}(v);`);
  }
  if (cases.length === 0) return '';
  const read = `v[${JSON.stringify(tag)}]`;
  return `  if (typeof v === 'object' && v !== null) switch (${read}) {\n${cases.join('\n')}\n  }`;
}
