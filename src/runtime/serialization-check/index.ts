/**
 * Dev-mode check that a handler's response matches its declared schema. The value is first put
 * in its JSON form (what the wire carries: Date → ISO string, bigint → number, Map → object,
 * Set → array, URL → href), then validated by a validator compiled once per route.
 */
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../model/json-schema.js';
import { ajvContext } from '../validation/ajv-context.js';
import { translateErrors } from '../validation/ajv-errors.js';

/** Returns a description of what does not match, or undefined when the value matches. */
export type ResponseCheck = (value: unknown) => string | undefined;

const MAX_LISTED = 5;

/** Dev mode only, so compiled on the route's first answer: a reload compiles only the routes it serves. */
export function compileResponseCheck(schema: JsonSchema, schemas: Record<string, JsonSchema>): ResponseCheck {
  let validate: ValidateFunction | undefined;
  return (value) => {
    const context = ajvContext(schemas, 'keep');
    validate ??= context.validator(schema);
    let json: unknown;
    try {
      json = toJsonForm(value);
    } catch (error) {
      return `cannot be serialized: ${(error as Error).message}`;
    }
    if (validate(json)) return undefined;
    const errors = translateErrors(validate.errors ?? [], '', context);
    const listed = errors.slice(0, MAX_LISTED).map((error) => `${error.name || '(root)'} ${error.message}`);
    const more = errors.length > MAX_LISTED ? ` (and ${errors.length - MAX_LISTED} more)` : '';
    return `does not match its declared schema: ${listed.join('; ')}${more}`;
  };
}

/** The value as JSON.parse(JSON.stringify(value)) would give it, with rich types serialized. */
export function toJsonForm(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value, jsonReplacer);
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * `this` is the object holding the value: a Buffer's own `toJSON` ran before the replacer sees
 * it, so bytes are recognised on the holder and given their wire form, base64.
 */
export function jsonReplacer(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown> | undefined)?.[key];
  if (original instanceof Uint8Array)
    return Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64');
  // Beyond the safe range a bigint's JSON form is its digits as a string, as a client sends it.
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  return value;
}
