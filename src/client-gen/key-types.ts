/**
 * The key type of an object's index signature. A `propertyNames` pattern the analyzer wrote for
 * a template literal key (src/analyzer/schema/converters/key-pattern.ts: ``Record<`x-${string}`, V>``
 * → `^x-.*$`) is read back into that template (`` `x-${string}` ``); any other pattern (an
 * alias's `@pattern`, which TypeScript cannot say) leaves the keys `string`.
 */
import type { JsonSchema } from '../model/json-schema.js';

/** The analyzer's pattern for each placeholder, and the placeholder. */
const PLACEHOLDERS: readonly (readonly [string, string])[] = [
  ['.*', '${string}'],
  ['-?\\d+(?:\\.\\d+)?', '${number}'],
  ['(?:true|false)', '${boolean}'],
];

/** One literal character of the pattern: escaped syntax, or a character that is not syntax. */
const LITERAL = /^(?:\\([.*+?^${}()|[\]\\])|([^.*+?^${}()|[\]\\]))/;

export function keyType(schema: JsonSchema): string {
  const pattern = schema.propertyNames?.pattern;
  return (pattern !== undefined && templateOf(pattern)) || 'string';
}

/** `^x-.*$` → `` `x-${string}` ``; undefined for a pattern that is not a template's, or has no placeholder. */
function templateOf(pattern: string): string | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return undefined;
  let rest = pattern.slice(1, -1);
  let template = '';
  let placeholders = 0;
  while (rest !== '') {
    const placeholder = PLACEHOLDERS.find(([regex]) => rest.startsWith(regex));
    const literal = placeholder ? undefined : LITERAL.exec(rest);
    if (placeholder) {
      template += placeholder[1];
      placeholders++;
      rest = rest.slice(placeholder[0].length);
    } else if (literal) {
      // Escaped so that a backquote, a backslash or `${` stays text in the template.
      template += (literal[1] ?? literal[2] ?? '').replace(/[`\\$]/g, '\\$&');
      rest = rest.slice(literal[0].length);
    } else return undefined;
  }
  return placeholders > 0 ? `\`${template}\`` : undefined;
}
