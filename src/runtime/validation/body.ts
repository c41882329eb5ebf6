/**
 * The JSON body (or the value at a body key path): validated by an ajv validator compiled once
 * and shared across parameters with the same schema, then revived (rich types) and stripped
 * (`unknownProperties: 'strip'`) only when the schema needs it.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { ajvContext } from './ajv-context.js';
import { translateErrors } from './ajv-errors.js';
import { compileRevive } from './revive.js';
import type { Coercer, CoercerOptions, InputError } from './types.js';

export interface BodyInput {
  /** JSON pointer of the key path (`''` for the whole body, `/q` for `@Body(['q'])`). */
  pointer: string;
  required: boolean;
  schema: JsonSchema;
}

export function compileBody(input: BodyInput, options: CoercerOptions): Coercer {
  const context = ajvContext(options.schemas, options.unknownProperties);
  const validate = context.validator(input.schema);
  const revive = compileRevive(input.schema, context, options.unknownProperties === 'strip');
  const { pointer, required } = input;
  return (raw, errors) => {
    if (raw === undefined) {
      if (required) errors.push({ in: 'body', name: pointer, message: 'is required' });
      return undefined;
    }
    if (!validate(raw)) {
      pushAll(errors, translateErrors(validate.errors ?? [], pointer, context));
      return undefined;
    }
    return revive ? revive(raw) : raw;
  };
}

export function keyPathPointer(key: string[]): string {
  return key.map((part) => '/' + part.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function pushAll(errors: InputError[], more: InputError[]): void {
  for (const error of more) errors.push(error);
}
