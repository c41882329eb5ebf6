/**
 * A JSDoc constraint on a type it cannot constrain checks nothing: JSON Schema applies
 * `maxLength` to strings only, so `/** @maxLength 20 *\/ tags: string[]` accepts items of any
 * length, and the document shows a limit the runtime never applies. Such a tag is a warning at
 * its declaration, saying how to reach the items (an alias of the item type carries its tags to
 * each element, alias-tags.ts).
 */
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import type { AnalyzerDiagnostic } from '../diagnostics.js';
import type { SchemaAnnotations } from './types.js';

/** Each constraint tag and the JSON types it applies to. */
const APPLIES_TO = {
  minLength: ['string'],
  maxLength: ['string'],
  pattern: ['string'],
  minimum: ['number', 'integer'],
  maximum: ['number', 'integer'],
  minItems: ['array'],
  maxItems: ['array'],
} as const;

type ConstraintTag = keyof typeof APPLIES_TO;

const TARGETS: Record<ConstraintTag, string> = {
  minLength: 'strings',
  maxLength: 'strings',
  pattern: 'strings',
  minimum: 'numbers',
  maximum: 'numbers',
  minItems: 'arrays',
  maxItems: 'arrays',
};

/**
 * The declaration's own constraint tags that its schema's type ignores. A schema without one
 * `type` (a `$ref`, a union) is left alone: a union's members may well take the tag.
 */
export function misplacedTagWarnings(
  schema: JsonSchema,
  annotations: SchemaAnnotations,
  file: string,
  line: number,
): AnalyzerDiagnostic[] {
  const type = mainType(schema);
  if (type === undefined) return [];
  const warnings: AnalyzerDiagnostic[] = [];
  for (const tag of Object.keys(APPLIES_TO) as ConstraintTag[]) {
    const value = annotations[tag];
    if (value === undefined || (APPLIES_TO[tag] as readonly string[]).includes(type)) continue;
    const itemType = type === 'array' && schema.items ? mainType(schema.items) : undefined;
    const hint =
      itemType && (APPLIES_TO[tag] as readonly string[]).includes(itemType) ? itemHint(tag, value) : '';
    warnings.push({
      severity: 'warning',
      message: `${file}:${line}: warning: @${tag} constrains ${TARGETS[tag]}, and this is ${withArticle(type)}: it checks nothing here${hint}`,
      file,
      line,
    });
  }
  return warnings;
}

/** How to put the tag on each item instead: an alias of the item type carries it there. */
function itemHint(tag: ConstraintTag, value: string | number): string {
  const itemType = APPLIES_TO[tag][0] === 'string' ? 'string' : 'number';
  return ` (to check each item, declare the items with an alias that has the tag: /** @${tag} ${value} */ type Item = ${itemType}; then Item[])`;
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
