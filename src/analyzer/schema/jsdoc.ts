/**
 * JSDoc → schema annotations for a property or parameter. A parameter's facts come from its
 * own JSDoc (`/** text *\/ @Query() limit`) and from the function's `@param name text`.
 */
import ts from '../typescript.cjs';
import { parseSize } from './file-size.js';
import { userSchema } from './user-schema.js';
import type { SchemaAnnotations } from './types.js';

type NumberKey = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems';
const NUMBER_TAGS: Record<string, NumberKey> = {
  minimum: 'minimum',
  maximum: 'maximum',
  minlength: 'minLength',
  maxlength: 'maxLength',
  minitems: 'minItems',
  maxitems: 'maxItems',
};

export function jsDocAnnotations(declaration: ts.Node): SchemaAnnotations {
  const annotations: SchemaAnnotations = {};
  const descriptions: string[] = [];
  for (const doc of ownJsDocs(declaration)) {
    const text = ts.getTextOfJSDocComment(doc.comment)?.trim();
    if (text) descriptions.push(text);
    for (const tag of doc.tags ?? []) applyTag(annotations, tag);
  }
  if (ts.isParameter(declaration)) {
    for (const tag of ts.getJSDocParameterTags(declaration)) {
      const text = ts.getTextOfJSDocComment(tag.comment)?.trim().replace(/^-\s*/, '');
      if (text) descriptions.push(text);
    }
  }
  if (descriptions.length) annotations.description = descriptions.join('\n\n');
  return annotations;
}

/** The JSDoc blocks written directly on the node (not its parent's). */
function ownJsDocs(node: ts.Node): ts.JSDoc[] {
  return ts.getJSDocCommentsAndTags(node).filter((d): d is ts.JSDoc => ts.isJSDoc(d) && d.parent === node);
}

function applyTag(annotations: SchemaAnnotations, tag: ts.JSDocTag): void {
  const name = tag.tagName.text;
  const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
  const lower = name.toLowerCase();
  const numberKey = NUMBER_TAGS[lower];
  if (numberKey) {
    const value = Number(text);
    if (text !== '' && Number.isFinite(value)) annotations[numberKey] = value;
    return;
  }
  if (lower === 'example') annotations.example = jsonOrText(text);
  else if (lower === 'default') annotations.default = jsonOrText(text);
  else if (lower === 'deprecated') annotations.deprecated = true;
  else if (lower === 'format' && text) annotations.format = text;
  else if (lower === 'pattern' && text) annotations.pattern = text;
  else if (lower === 'isint') annotations.isInt = true;
  else if (lower === 'maxsize') {
    // A size that does not parse is reported where file fields are read (body-media.ts).
    const size = parseSize(text);
    if (size !== undefined) annotations.maxSize = size;
  } else if (lower === 'schema') {
    const value = jsonOrText(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) annotations.schema = userSchema(value);
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
