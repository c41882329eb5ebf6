/**
 * Short human names for schemas in error messages (`must be a string or Cat`): a named schema by
 * its name, a literal or enum by its values, anything else by its JSON types.
 */
import { refName, typesOf, type JsonSchema } from '../../model/json-schema.js';

export function describeSchema(schema: JsonSchema): string {
  const name = refName(schema);
  if (name !== undefined) return name;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(', ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = typesOf(schema);
  if (types.length === 0) return 'a value';
  return types.map((type) => (type === 'null' ? 'null' : withArticle(type))).join(' or ');
}

export function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
