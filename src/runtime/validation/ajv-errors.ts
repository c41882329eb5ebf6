/**
 * ajv errors → InputErrors: one per failing value, named by JSON pointer, with a message a
 * client can act on. Runs only when validation failed, so it may take its time: for a failed
 * union without a discriminator it re-validates the value against each member to report the
 * errors of the closest one instead of every member's, with validators of the same error mode
 * as the one that failed (a `first` one re-validates a large value only to its first error).
 */
import type { ErrorObject } from 'ajv';
import { PATTERN_KEYWORD, type PatternRule } from './ajv-pattern.js';
import { compilePattern, TOO_LONG_FOR_PATTERN } from './pattern.js';
import { AJV_REF_PREFIX, type AjvSchema } from './ajv-schema.js';
import { BIGINT_KEYWORD, SAFE_INTEGER_KEYWORD } from './ajv-integer.js';
import type { AjvContext, ErrorMode } from './ajv-context.js';
import { withArticle } from './describe.js';
import type { InputError } from './types.js';

export function translateErrors(
  ajvErrors: ErrorObject[],
  prefix: string,
  context: AjvContext,
  location: InputError['in'] = 'body',
  mode: ErrorMode = 'all',
): InputError[] {
  const kept: InputError[] = [];
  const seen = new Set<string>();
  for (const error of collapseUnions(ajvErrors, context, mode)) {
    const translated =
      'in' in error
        ? { in: location, name: prefix + error.name, message: error.message }
        : translateOne(error, prefix, location, context);
    if (!translated) continue;
    const key = translated.name + '\0' + translated.message;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(translated);
  }
  return kept;
}

/** Union failures: drop the members' errors and report the closest member's (or one summary). */
function collapseUnions(
  errors: ErrorObject[],
  context: AjvContext,
  mode: ErrorMode,
): (ErrorObject | InputError)[] {
  const out: (ErrorObject | InputError)[] = [];
  for (const error of errors) {
    if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') {
      out.push(error);
      continue;
    }
    const path = error.instancePath;
    while (out.length > 0 && isUnder(out[out.length - 1] as ErrorObject | InputError, path)) out.pop();
    out.push(...closestBranchErrors(error, context, mode));
  }
  return out;
}

function isUnder(error: ErrorObject | InputError, path: string): boolean {
  const pointer = 'in' in error ? error.name : error.instancePath;
  return pointer === path || pointer.startsWith(path + '/');
}

/**
 * The members whose type matched (errors only deeper down); the one with fewest errors wins.
 * `T | null` (`anyOf: [T, {type: 'null'}]`) given a value that is not null is `T`'s to judge: a
 * value of `T`'s type gets `T`'s errors, a missing required key included; any other value the
 * union's own message (`must be Address or null`).
 */
function closestBranchErrors(
  error: ErrorObject,
  context: AjvContext,
  mode: ErrorMode,
): (ErrorObject | InputError)[] {
  const branches = (Array.isArray(error.schema) ? error.schema : []) as AjvSchema[];
  const passing = (error.params as { passingSchemas?: unknown }).passingSchemas;
  const candidates = branches.filter((branch) => !isNullBranch(branch));
  const onlyOne = candidates.length === 1 && branches.length === 2;
  let best: ErrorObject[] | undefined;
  if (passing === null || passing === undefined) {
    for (const branch of candidates) {
      const validate = context.branchValidator(branch, mode);
      if (validate(error.data) || !validate.errors) continue;
      const close = onlyOne ? !failsItsType(validate.errors) : allDeeper(validate.errors);
      if (close && (!best || validate.errors.length < best.length)) best = [...validate.errors];
    }
  }
  if (!best) return [error];
  return translateErrors(best, '', context, 'body', mode).map((inner) => ({
    in: 'body' as const,
    name: error.instancePath + inner.name,
    message: inner.message,
  }));
}

function isNullBranch(branch: AjvSchema): boolean {
  return branch.type === 'null' && Object.keys(branch).length === 1;
}

function allDeeper(errors: ErrorObject[]): boolean {
  return errors.every((inner) => inner.instancePath !== '' && inner.keyword !== 'if');
}

/** Whether the value is not even of the member's type (or literal, or enum, or union). */
function failsItsType(errors: ErrorObject[]): boolean {
  const typeKeywords = ['type', 'const', 'enum', 'anyOf', 'oneOf', SAFE_INTEGER_KEYWORD, BIGINT_KEYWORD];
  return errors.some((inner) => inner.instancePath === '' && typeKeywords.includes(inner.keyword));
}

function translateOne(
  error: ErrorObject,
  prefix: string,
  location: InputError['in'],
  context: AjvContext,
): InputError | undefined {
  const params = error.params as Record<string, unknown>;
  const at = (suffix = '') => prefix + error.instancePath + suffix;
  // A key that fails `propertyNames` is reported once, by the `propertyNames` error itself.
  if (error.schemaPath.includes('/propertyNames/')) return undefined;
  switch (error.keyword) {
    case 'if':
      return undefined;
    case 'propertyNames':
      return {
        in: location,
        name: at('/' + escapePointer(String(params.propertyName))),
        message: `is not an allowed key: ${keyRule(error)}`,
      };
    case 'required':
      return {
        in: location,
        name: at('/' + escapePointer(String(params.missingProperty))),
        message: 'is required',
      };
    case 'additionalProperties':
      return {
        in: location,
        name: at('/' + escapePointer(String(params.additionalProperty))),
        message: 'is not allowed',
      };
    case 'discriminator':
      return {
        in: location,
        name: at('/' + escapePointer(String(params.tag))),
        message:
          params.error === 'tag' && params.tagValue === undefined
            ? 'is required'
            : discriminatorMessage(error, context),
      };
    default:
      return { in: location, name: at(), message: messageOf(error) };
  }
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `must be ${typeList(params.type)}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return `must have at least ${count(params.limit, 'character')}`;
    case 'maxLength':
      return `must have at most ${count(params.limit, 'character')}`;
    case 'minItems':
      return `must have at least ${count(params.limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${count(params.limit, 'item')}`;
    case 'items':
      // `items: false` after a tuple's `prefixItems`: no element beyond them.
      return `must have at most ${count(params.limit, 'item')}`;
    case 'minProperties':
      return `must have at least ${count(params.limit, 'property', 'properties')}`;
    case 'maxProperties':
      return `must have at most ${count(params.limit, 'property', 'properties')}`;
    case 'pattern':
      return `must match pattern "${String(params.pattern)}"`;
    case 'uniqueItems':
      return 'must not contain duplicate items';
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}`;
    case 'oneOf':
    case 'anyOf':
      return unionMessage(error);
    default:
      return error.message ?? 'is invalid';
  }
}

/** `1 character`, `2 characters`. */
function count(limit: unknown, one: string, many = `${one}s`): string {
  return `${String(limit)} ${Number(limit) === 1 ? one : many}`;
}

function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((name) => (name === 'null' ? 'null' : withArticle(String(name)))).join(' or ');
}

function unionMessage(error: ErrorObject): string {
  const branches = (Array.isArray(error.schema) ? error.schema : []) as Record<string, unknown>[];
  // `{a: string} | {b: number}` given `5`: "must be an object", not "an object or an object".
  const names = [...new Set(branches.map(describeAjvSchema))];
  const passing = (error.params as { passingSchemas?: unknown }).passingSchemas;
  return passing ? `must match exactly one of: ${names.join(', ')}` : `must be ${names.join(' or ')}`;
}

function describeAjvSchema(schema: Record<string, unknown>): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref?.startsWith(AJV_REF_PREFIX)) return ref.slice(AJV_REF_PREFIX.length);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type !== undefined) return typeList(schema.type);
  return 'an allowed value';
}

/** Why a key failed `propertyNames`: its pattern, or a key too long to run a risky pattern on. */
function keyRule(error: ErrorObject): string {
  const rule = (error.schema as { [PATTERN_KEYWORD]?: PatternRule })[PATTERN_KEYWORD];
  if (!rule) return 'the key is invalid';
  const key = String((error.params as { propertyName?: unknown }).propertyName);
  const test = compilePattern(rule);
  return test(key) === 'too-long'
    ? `the key ${TOO_LONG_FOR_PATTERN}`
    : `keys must match pattern "${rule.pattern}"`;
}

function discriminatorMessage(error: ErrorObject, context: AjvContext): string {
  const params = error.params as { error: string; tag: string };
  if (params.error === 'tag') return 'must be a string';
  const parent = (error.parentSchema ?? {}) as { oneOf?: Record<string, unknown>[] };
  const values = (parent.oneOf ?? []).flatMap((branch) => tagValues(context.resolve(branch), params.tag));
  return values.length > 0 ? `must be one of: ${values.map(String).join(', ')}` : 'has an unknown value';
}

function tagValues(branch: Record<string, unknown>, tag: string): unknown[] {
  const properties = (branch.properties ?? {}) as Record<string, { enum?: unknown[]; const?: unknown }>;
  const property = properties[tag];
  if (!property) return [];
  return property.enum ?? (property.const === undefined ? [] : [property.const]);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
