/**
 * `string`, `number`, `boolean` (also the `true | false` union the checker makes of it),
 * template literal strings (`user-${string}` → `{type: string, pattern: '^user-.*$'}`), and the empty types: `void`/`undefined` → `{}` without a warning
 * (the analyzer documents them as "no content"), `null` alone → `{type: 'null'}`, and the
 * `object` keyword → `{type: 'object'}` (any non-primitive value, as in an SSE route streaming
 * `string | object`; it says enough for a client, so no warning).
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';
import { templatePattern } from './key-pattern.js';

const STRING = ts.TypeFlags.String | ts.TypeFlags.StringMapping;

function primitiveSchema(type: ts.Type): JsonSchema | undefined {
  const flags = type.flags;
  if (flags & ts.TypeFlags.TemplateLiteral)
    return { type: 'string', pattern: templatePattern(type as ts.TemplateLiteralType) };
  if (flags & STRING) return { type: 'string' };
  if (flags & ts.TypeFlags.Number) return { type: 'number' };
  if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) return {};
  if (flags & ts.TypeFlags.Null) return { type: 'null' };
  if (flags & ts.TypeFlags.NonPrimitive) return { type: 'object' };
  return undefined;
}

export const primitiveConverter: TypeConverter = {
  kind: 'primitive',
  supports: (type) => primitiveSchema(type) !== undefined,
  convert: (type) => primitiveSchema(type) ?? {},
};
