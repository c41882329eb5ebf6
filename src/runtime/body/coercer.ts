/**
 * The coercer of a whole `@Body()` that is not JSON. A form (urlencoded or multipart) binds each
 * declared property like a query value (numbers, booleans, enums, arrays from repeated names),
 * a property of object type from JSON text (a part sent as `application/json`), and a `File` field
 * from the files of that name; errors are named by JSON pointer (`/title`), as for any body.
 * Raw bodies (bytes, streams) pass through: their reader already enforced what they must be.
 */
import type { ParamModel } from '../../model/app-model.js';
import { mainType, type JsonSchema } from '../../model/json-schema.js';
import { expandQueryObject } from '../../model/query-object.js';
import { svcTypeOf } from '../../model/rich-types.js';
import { unwrapSingle } from '../../model/schema-walk.js';
import { PROTOTYPE_KEYS } from '../http/prototype-keys.js';
import { ajvContext } from '../validation/ajv-context.js';
import { compileBody } from '../validation/body.js';
import { Invalid } from '../validation/scalar.js';
import { compileTextValue } from '../validation/text-input.js';
import type { Coercer, CoercerOptions, InputError } from '../validation/types.js';
import { TextForm } from './text-form.js';

/** One declared property: from the form's values (and files) to its value, or an error message. */
type PropertyCoercer = (form: TextForm, name: string, errors: InputError[]) => unknown;

interface Property {
  name: string;
  required: boolean;
  coerce: PropertyCoercer;
}

export function compileMediaCoercer(param: ParamModel, options: CoercerOptions): Coercer {
  const media = param.bodyMedia;
  if (media === undefined || media.kind === 'bytes' || media.kind === 'stream') return (raw) => raw;
  const json = compileBody({ pointer: '', required: param.required, schema: param.schema }, options);
  const form = compileForm(param, options);
  return (raw, errors) => (raw instanceof TextForm ? form(raw, errors) : json(raw, errors));
}

function compileForm(param: ParamModel, options: CoercerOptions): Coercer {
  const object = expandQueryObject(param, options.schemas);
  const properties: Property[] = object.properties
    .filter((property) => !PROTOTYPE_KEYS.has(property.name))
    .map((property) => ({
      name: property.name,
      required: property.requiredInObject,
      coerce: propertyCoercer(property.schema, options, property.name),
    }));
  const declared = new Set(properties.map((property) => property.name));
  const unknown = object.schema.additionalProperties === undefined ? options.unknownProperties : 'keep';
  return (raw, errors) => {
    const form = raw as TextForm;
    const result: Record<string, unknown> = {};
    for (const { name, required, coerce } of properties) {
      const given = form.text[name] !== undefined || form.files[name] !== undefined;
      if (!given) {
        if (required) errors.push({ in: 'body', name: `/${name}`, message: 'is required' });
        continue;
      }
      const value = coerce(form, name, errors);
      if (value !== undefined) result[name] = value;
    }
    if (unknown !== 'strip') undeclared(form, declared, result, unknown === 'reject' ? errors : undefined);
    return result;
  };
}

function propertyCoercer(schema: JsonSchema, options: CoercerOptions, name: string): PropertyCoercer {
  const { schema: resolved } = unwrapSingle(schema, options.schemas);
  const file = fileShape(resolved, options);
  if (file !== undefined) return fileCoercer(file === 'many');
  if (mainType(resolved) === 'object') return jsonPartCoercer(schema, options, name);
  const coerce = compileTextValue(schema, ajvContext(options.schemas, options.unknownProperties));
  return (form, key, errors) => {
    if (form.files[key] !== undefined) return fail(errors, key, 'must be text, not a file');
    const value = coerce(form.text[key] as string | string[]);
    return value instanceof Invalid ? fail(errors, key, value.message) : value;
  };
}

/** `File` → one, `File[]` → many; anything else is not a file field. */
function fileShape(schema: JsonSchema, options: CoercerOptions): 'one' | 'many' | undefined {
  if (svcTypeOf(schema) === 'File') return 'one';
  if (mainType(schema) !== 'array' || schema.items === undefined || schema.items === false) return undefined;
  return svcTypeOf(unwrapSingle(schema.items, options.schemas).schema) === 'File' ? 'many' : undefined;
}

function fileCoercer(many: boolean): PropertyCoercer {
  return (form, key, errors) => {
    const files = form.files[key];
    if (files === undefined) return fail(errors, key, 'must be a file');
    if (!many && files.length > 1) return fail(errors, key, 'must be a single file, not repeated');
    return many ? files : files[0];
  };
}

/** An object property: its one text value is JSON, checked like a JSON body at `/name`. */
function jsonPartCoercer(schema: JsonSchema, options: CoercerOptions, name: string): PropertyCoercer {
  const check = compileBody({ pointer: `/${name}`, required: true, schema }, options);
  return (form, key, errors) => {
    const text = form.text[key];
    if (typeof text !== 'string') return fail(errors, key, 'must be a single JSON value');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return fail(errors, key, 'must be JSON');
    }
    return check(value, errors);
  };
}

function fail(errors: InputError[], key: string, message: string): undefined {
  errors.push({ in: 'body', name: `/${key}`, message });
  return undefined;
}

/** Undeclared text values are kept as text, or (reject) each reported; files are never kept. */
function undeclared(
  form: TextForm,
  declared: ReadonlySet<string>,
  result: Record<string, unknown>,
  errors?: InputError[],
): void {
  for (const key of Object.keys(form.text)) {
    if (declared.has(key) || PROTOTYPE_KEYS.has(key)) continue;
    if (errors) errors.push({ in: 'body', name: `/${key}`, message: 'is not allowed' });
    else result[key] = form.text[key];
  }
}
