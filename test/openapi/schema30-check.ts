/** Test helper: what in a JSON value OpenAPI 3.0.3 cannot say (2020-12 keywords and forms). */

/** Each place that says something 3.0.3 cannot: a 2020-12 keyword, a type array, `nullable` without a type. */
export function problems30(value: unknown, at = '#'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => problems30(item, `${at}/${index}`));
  const record = value as Record<string, unknown>;
  const found: string[] = [];
  for (const keyword of ['const', 'prefixItems', 'propertyNames', 'contentEncoding', 'contentMediaType'])
    if (keyword in record) found.push(`${at}: ${keyword}`);
  if (Array.isArray(record.type) || record.type === 'null') found.push(`${at}: type ${String(record.type)}`);
  if (record.items === false) found.push(`${at}: items false`);
  if (record.nullable !== undefined && typeof record.type !== 'string')
    found.push(`${at}: nullable without type`);
  if (typeof record.exclusiveMinimum === 'number' || typeof record.exclusiveMaximum === 'number')
    found.push(`${at}: numeric exclusive bound`);
  if (typeof record.$ref === 'string' && Object.keys(record).length > 1)
    found.push(`${at}: $ref with siblings`);
  for (const [key, inner] of Object.entries(record)) found.push(...problems30(inner, `${at}/${key}`));
  return found;
}
