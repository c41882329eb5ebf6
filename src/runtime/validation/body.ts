/**
 * The JSON body (or the value at a body key path): validated by an ajv validator compiled once
 * and shared across parameters with the same schema, then revived (rich types) and stripped
 * (`unknownProperties: 'strip'`) only when the schema needs it. The validator stops at the first
 * error; body-errors.ts decides how many to report.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { ajvContext } from './ajv-context.js';
import { bodyErrors } from './body-errors.js';
import { compileRevive } from './revive.js';
import type { Coercer, CoercerOptions, InputError } from './types.js';

export interface BodyInput {
  /** JSON pointer of the key path (`''` for the whole body, `/q` for `@Body(['q'])`). */
  pointer: string;
  required: boolean;
  schema: JsonSchema;
}

/**
 * What a value nested deeper than the validator's or reviver's recursion can go is told: the
 * parser's depth limit (http/secure-json.ts) keeps request bodies well short of it, so this
 * is a value a pre-interceptor or a caller of the coercer built.
 */
export const TOO_DEEP_MESSAGE = 'is nested too deeply to check';

export function compileBody(input: BodyInput, options: CoercerOptions): Coercer {
  const context = ajvContext(options.schemas, options.unknownProperties);
  const { pointer, required, schema } = input;
  const validate = context.validator(schema, 'first');
  const revive = compileRevive(schema, context, options.unknownProperties === 'strip');
  return (raw, errors) => {
    if (raw === undefined) {
      if (required) errors.push({ in: 'body', name: pointer, message: 'is required' });
      return undefined;
    }
    try {
      if (validate(raw)) return revive ? revive(raw) : raw;
      pushAll(errors, bodyErrors({ value: raw, pointer, validate, schema, context }));
    } catch (error) {
      // The call stack ran out: the value's nesting, which is the client's doing, not a fault.
      if (!(error instanceof RangeError)) throw error;
      errors.push({ in: 'body', name: pointer, message: TOO_DEEP_MESSAGE });
    }
    return undefined;
  };
}

export function keyPathPointer(key: string[]): string {
  return key.map((part) => '/' + part.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function pushAll(errors: InputError[], more: InputError[]): void {
  for (const error of more) errors.push(error);
}
