/**
 * How a whole `@Body()` comes off the wire when it is not JSON (docs/routing.md, "Bodies"), read
 * from its declared type and JSDoc:
 * - `Uint8Array` / `Buffer`: the raw bytes; `ReadableStream<Uint8Array>` or node's `Readable`: the
 *   bytes as they stream. The handler's `@accepts a/b, c/*` lists the media types (default any).
 * - a type with `File`, `File[]` or optional `File` fields: `multipart/form-data`; on a file field,
 *   `@maxSize 5MB` and `@contentMediaType image/png, image/jpeg`.
 * - a form-shaped type whose handler `@accepts application/x-www-form-urlencoded` (opt-in: a form
 *   post needs no CORS preflight, so a JSON route must not start taking one unasked); listing
 *   `application/json` too keeps JSON accepted.
 */
import ts from './typescript.cjs';
import type { BodyMediaModel, FileFieldModel, ParamModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { reportError, type AnalysisContext } from './context.js';
import { admitsUndefined } from './params.js';
import { parseSize } from './schema/file-size.js';
import { isGlobalNamed } from './schema/type-utils.js';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
/** What a raw body is in the documents: any bytes (3.0.3: `format: binary`). */
const RAW_BODY_SCHEMA: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/(?:\*|[a-z0-9!#$&^_.+-]+)$/i;

type RawKind = 'bytes' | 'web' | 'node';

function rawKind(context: AnalysisContext, parameter: ts.ParameterDeclaration): RawKind | undefined {
  const type = context.checker.getNonNullableType(context.checker.getTypeAtLocation(parameter));
  if (isGlobalNamed(type, ['Uint8Array', 'Buffer'])) return 'bytes';
  if (isGlobalNamed(type, ['ReadableStream'])) return 'web';
  if (isGlobalNamed(type, ['Readable'])) return 'node';
  return undefined;
}

function isWholeBody(model: ParamModel): boolean {
  return (
    model.source === 'body' && (model.key === '' || (Array.isArray(model.key) && model.key.length === 0))
  );
}

/** A whole body of raw bytes or a stream: it has no JSON schema to convert. */
export function isRawBody(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  model: ParamModel,
): boolean {
  return isWholeBody(model) && rawKind(context, parameter) !== undefined;
}

/** Sets `bodyMedia` (and a raw body's schema) on a whole `@Body()` that is not JSON. */
export function applyBodyMedia(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  model: ParamModel,
): void {
  if (!isWholeBody(model)) return;
  const media = bodyMedia(context, parameter);
  if (media === undefined) return;
  model.bodyMedia = media;
  if (media.kind === 'bytes' || media.kind === 'stream') model.schema = RAW_BODY_SCHEMA;
}

function bodyMedia(context: AnalysisContext, parameter: ts.ParameterDeclaration): BodyMediaModel | undefined {
  const accepts = mediaTypesTag(context, parameter.parent, 'accepts');
  const raw = rawKind(context, parameter);
  if (raw === 'bytes') return { kind: 'bytes', mediaTypes: accepts ?? ['*/*'] };
  if (raw !== undefined) return { kind: 'stream', mediaTypes: accepts ?? ['*/*'], api: raw };
  const files = fileFields(context, parameter);
  if (files.length > 0) return { kind: 'multipart', files };
  if (accepts === undefined) return undefined;
  const unreadable = accepts.filter((type) => type !== FORM && type !== JSON_TYPE);
  if (unreadable.length > 0) {
    const message = `@accepts ${unreadable.join(', ')}: an object body is read as ${JSON_TYPE} or ${FORM} (bytes: Uint8Array, files: File fields)`;
    reportError(context, 'SVC_ERR_BODY_MEDIA_TAG', message, parameter);
  }
  return accepts.includes(FORM) ? { kind: 'form', json: accepts.includes(JSON_TYPE) } : undefined;
}

/** The `File`, `File[]` and optional `File` properties of the body's type, with their tags. */
function fileFields(context: AnalysisContext, parameter: ts.ParameterDeclaration): FileFieldModel[] {
  const { checker } = context;
  const type = checker.getNonNullableType(checker.getTypeAtLocation(parameter));
  const fields: FileFieldModel[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const declared = checker.getTypeOfSymbolAtLocation(property, parameter);
    const base = checker.getNonNullableType(declared);
    const element = checker.isArrayType(base)
      ? checker.getTypeArguments(base as ts.TypeReference)[0]
      : undefined;
    const multiple = element !== undefined && isGlobalNamed(element, ['File']);
    if (!multiple && !isGlobalNamed(base, ['File'])) continue;
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || admitsUndefined(declared);
    const field: FileFieldModel = { name: property.getName(), multiple, required: !optional };
    const declaration = property.valueDeclaration;
    if (declaration !== undefined) readFileTags(context, declaration, field);
    fields.push(field);
  }
  return fields;
}

function readFileTags(context: AnalysisContext, declaration: ts.Declaration, field: FileFieldModel): void {
  const maxSize = tagText(declaration, 'maxSize');
  if (maxSize !== undefined) {
    const size = parseSize(maxSize);
    if (size === undefined)
      reportError(
        context,
        'SVC_ERR_BODY_MEDIA_TAG',
        `@maxSize '${maxSize}' is not a size such as 5MB`,
        declaration,
      );
    else field.maxSize = size;
  }
  const types = mediaTypesTag(context, declaration, 'contentMediaType');
  if (types !== undefined) field.mediaTypes = types;
}

/** A tag's list of media types (`a/b, c/*`), lower-cased; reported when one is not a media type. */
function mediaTypesTag(context: AnalysisContext, node: ts.Node, name: string): string[] | undefined {
  const text = tagText(node, name);
  if (text === undefined) return undefined;
  const types = text
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .filter((type) => type !== '');
  const wrong = types.filter((type) => !MEDIA_TYPE.test(type));
  if (types.length === 0 || wrong.length > 0) {
    reportError(
      context,
      'SVC_ERR_BODY_MEDIA_TAG',
      `@${name} '${text}' is not a list of media types such as image/png, image/jpeg`,
      node,
    );
    return undefined;
  }
  return types;
}

function tagText(node: ts.Node, name: string): string | undefined {
  const tag = ts.getJSDocTags(node).find((candidate) => candidate.tagName.text === name);
  if (tag === undefined) return undefined;
  return (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
}
