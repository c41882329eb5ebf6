/**
 * The seam between binding and validation. Binding (runtime/binding) extracts each raw input
 * from the request; a coercer compiled once per parameter at start-up turns it into the value
 * the handler receives, or records why it cannot.
 */
import type { ParamModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';
import type { InputLocation } from '../../model/param-sources.js';

/** One failing input, as listed in a 400 problem's `errors`. */
export interface InputError {
  in: InputLocation;
  /** The input's name; for body fields a JSON pointer (`/address/city`), `''` for the whole body. */
  name: string;
  message: string;
}

/**
 * Raw input → handler value. Raw values are: `string | string[] | undefined` for path, query,
 * header and cookie (an array when a query key repeats); the query object for a whole-object
 * `@Query()`; the parsed JSON (or `undefined` when absent) for `body`. On failure the coercer
 * pushes one or more errors and returns `undefined`.
 */
export type Coercer = (raw: unknown, errors: InputError[]) => unknown;

export interface CoercerOptions {
  /** Named schemas the parameter schemas `$ref` into. */
  schemas: Record<string, JsonSchema>;
  /** Body properties the type does not declare. */
  unknownProperties: 'keep' | 'strip' | 'reject';
  /**
   * Compile each coercer on its first call rather than now (`svc dev`: a reload of a big project
   * compiles only the routes it is asked for).
   */
  lazy?: boolean;
}

export type CompileCoercer = (param: ParamModel, options: CoercerOptions) => Coercer;
