/**
 * The pattern a template literal index key demands (`Record<\`x-${string}\`, V>`,
 * `{[key: \`id-${number}\`]: V}`): `^x-.*$`. The object's schema carries it as
 * `propertyNames`, documented and enforced like an alias's `@pattern` on a `Record` key.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';

const NUMERIC = '-?\\d+(?:\\.\\d+)?';

export function withKeyPattern(schema: JsonSchema, keyType: ts.Type | undefined): JsonSchema {
  if (!keyType || !(keyType.flags & ts.TypeFlags.TemplateLiteral)) return schema;
  return { ...schema, propertyNames: { pattern: templatePattern(keyType as ts.TemplateLiteralType) } };
}

/** The pattern every string of a template literal type matches (`user-${string}` → `^user-.*$`). */
export function templatePattern(template: ts.TemplateLiteralType): string {
  const parts = template.types.map(
    (type, i) => placeholder(type) + escapeRegExp(template.texts[i + 1] ?? ''),
  );
  return `^${escapeRegExp(template.texts[0] ?? '')}${parts.join('')}$`;
}

function placeholder(type: ts.Type): string {
  if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.BigInt)) return NUMERIC;
  if (type.flags & ts.TypeFlags.Boolean) return '(?:true|false)';
  if (type.isUnion() && type.types.every((t) => t.isStringLiteral()))
    return `(?:${type.types.map((t) => escapeRegExp((t as ts.StringLiteralType).value)).join('|')})`;
  return '.*';
}

/** Escapes what a regular expression reads as syntax (not `-` or `/`, which `u` mode refuses escaped). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
