/**
 * Compiles the JSDoc constraints of a scalar or array schema (minimum, maxLength, pattern,
 * format, minItems, ...) into one check function, built once per parameter. A check returns an
 * error message, or undefined when the value passes. Messages match the body validator's.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonSchema } from '../../model/json-schema.js';
import { codePointLength, compilePattern, TOO_LONG_FOR_PATTERN } from './pattern.js';

export type Check<T> = (value: T) => string | undefined;

type FormatTest = (value: string | number) => boolean;

/** One format from ajv-formats' full set as a plain predicate, or undefined when unknown. */
export function formatTest(format: string, kind: 'string' | 'number'): FormatTest | undefined {
  const definition = (fullFormats as Record<string, unknown>)[format];
  if (definition === undefined || definition === true) return undefined;
  const isObject = typeof definition === 'object' && !(definition instanceof RegExp);
  const spec = isObject ? (definition as { type?: string; validate: unknown }) : undefined;
  if ((spec?.type ?? 'string') !== kind) return undefined;
  const validate = spec ? spec.validate : definition;
  if (validate instanceof RegExp) return (value) => validate.test(String(value));
  if (typeof validate === 'function') return validate as FormatTest;
  return undefined;
}

/** Joins checks so the per-call cost is one call when there is one check, none when there are none. */
export function joinChecks<T>(checks: Check<T>[]): Check<T> | undefined {
  if (checks.length === 0) return undefined;
  if (checks.length === 1) return checks[0];
  return (value) => {
    for (const check of checks) {
      const message = check(value);
      if (message !== undefined) return message;
    }
    return undefined;
  };
}

export function stringChecks(schema: JsonSchema): Check<string> | undefined {
  const checks: Check<string>[] = [];
  const { minLength, maxLength, pattern, format } = schema;
  if (minLength !== undefined)
    checks.push((value) =>
      codePointLength(value) < minLength ? `must have at least ${minLength} characters` : undefined,
    );
  if (maxLength !== undefined)
    checks.push((value) =>
      codePointLength(value) > maxLength ? `must have at most ${maxLength} characters` : undefined,
    );
  if (pattern !== undefined) {
    // Length-capped before the regex runs: see pattern.ts.
    const test = compilePattern({ ...schema, pattern });
    const mismatch = `must match pattern "${pattern}"`;
    checks.push((value) => {
      const outcome = test(value);
      return outcome === undefined ? undefined : outcome === 'mismatch' ? mismatch : TOO_LONG_FOR_PATTERN;
    });
  }
  const test = format === undefined ? undefined : formatTest(format, 'string');
  if (test) checks.push((value) => (test(value) ? undefined : `must be a valid ${format}`));
  return joinChecks(checks);
}

/** Numeric bounds; works for numbers and bigints alike (JavaScript compares them directly). */
export function numberChecks(schema: JsonSchema): Check<number | bigint> | undefined {
  const checks: Check<number | bigint>[] = [];
  const { minimum, maximum, multipleOf, format } = schema;
  if (minimum !== undefined) {
    if (schema.exclusiveMinimum === true)
      checks.push((value) => (value > minimum ? undefined : `must be > ${minimum}`));
    else checks.push((value) => (value >= minimum ? undefined : `must be >= ${minimum}`));
  }
  if (maximum !== undefined) {
    if (schema.exclusiveMaximum === true)
      checks.push((value) => (value < maximum ? undefined : `must be < ${maximum}`));
    else checks.push((value) => (value <= maximum ? undefined : `must be <= ${maximum}`));
  }
  if (multipleOf !== undefined)
    checks.push((value) =>
      Number.isInteger(Number(value) / multipleOf) ? undefined : `must be a multiple of ${multipleOf}`,
    );
  const test = format === undefined || format === 'int64' ? undefined : formatTest(format, 'number');
  if (test) checks.push((value) => (test(Number(value)) ? undefined : `must be a valid ${format}`));
  return joinChecks(checks);
}

export function arrayChecks(schema: JsonSchema): Check<unknown[]> | undefined {
  const checks: Check<unknown[]>[] = [];
  const { minItems, maxItems } = schema;
  if (minItems !== undefined)
    checks.push((items) => (items.length < minItems ? `must have at least ${minItems} items` : undefined));
  if (maxItems !== undefined)
    checks.push((items) => (items.length > maxItems ? `must have at most ${maxItems} items` : undefined));
  if (schema.uniqueItems === true && schema['x-svc-type'] !== 'Set')
    checks.push((items) =>
      new Set(items.map(uniqueKey)).size === items.length ? undefined : 'must not contain duplicate items',
    );
  return joinChecks(checks);
}

function uniqueKey(item: unknown): unknown {
  return item instanceof Date ? item.getTime() : item;
}
