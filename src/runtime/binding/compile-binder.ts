/**
 * Compiles a method's parameters into one function that builds its argument list: an
 * extractor and a coercer per parameter, all chosen at start-up. Every failing input is
 * collected, then reported together as one 400 `SVC_ERR_VALIDATION` problem.
 */
import type { ParamModel } from '../../model/app-model.js';
import { isValidatedSource } from '../../model/framework-answers.js';
import { ValidationError } from '../errors/validation-error.js';
import type { Exchange } from '../http/exchange.js';
import { compileCoercer } from '../validation/index.js';
import type { Coercer, CoercerOptions, InputError } from '../validation/types.js';
import { compileExtractor, type Extractor } from './extractors.js';
import { compileMediaCoercer } from '../body/coercer.js';

export type Binder = (ex: Exchange) => unknown[];

const NO_ARGS: unknown[] = [];
const passThrough: Coercer = (raw) => raw;

interface CompiledParam {
  index: number;
  extract: Extractor;
  coerce: Coercer;
}

/**
 * The coercers' error list, shared by every binder so a valid request allocates none: binding
 * is synchronous and never nests. It is emptied on entry (an extractor that threw may have left
 * entries) and moved into the error before a binder throws.
 */
const scratchErrors: InputError[] = [];

/**
 * `pathNames`: the route's path parameter names, in path order, for a binder that serves one
 * route (its path parameters are then read by position); omitted for a component's methods.
 */
export function compileBinder(
  params: readonly ParamModel[],
  options: CoercerOptions,
  pathNames?: readonly string[],
): Binder {
  if (params.length === 0) return () => NO_ARGS;
  const compiled: CompiledParam[] = params.map((param) => ({
    index: param.index,
    extract: compileExtractor(param, pathNames),
    coerce: coercerOf(param, options),
  }));
  const arity = Math.max(...params.map((param) => param.index)) + 1;
  return (ex) => {
    const args = new Array<unknown>(arity);
    const errors = scratchErrors;
    // Setting an array's length is a runtime call even when it is 0 already (the usual case).
    if (errors.length !== 0) errors.length = 0;
    for (let i = 0; i < compiled.length; i++) {
      const param = compiled[i] as CompiledParam;
      args[param.index] = param.coerce(param.extract(ex), errors);
    }
    if (errors.length > 0) throw validationError(errors.splice(0));
    return args;
  };
}

/** A whole body that is not JSON (a form, multipart, bytes, a stream) has its own coercer. */
function coercerOf(param: ParamModel, options: CoercerOptions): Coercer {
  if (!isValidatedSource(param.source)) return passThrough;
  return param.bodyMedia === undefined ? compileCoercer(param, options) : compileMediaCoercer(param, options);
}

/** The 400: `detail` names each failing input once (`errors` says everything wrong with each). */
export function validationError(errors: InputError[]): ValidationError {
  const names = errors.map((error) => (error.name === '' ? error.in : `${error.in} '${error.name}'`));
  const detail = `Invalid request: ${[...new Set(names)].join(', ')}.`;
  return new ValidationError(detail, errors);
}

/** Whether any of these parameters reads the request body. */
export function readsBody(params: readonly ParamModel[]): boolean {
  return params.some((param) => param.source === 'body');
}

/** Whether any of these parameters needs `ctx` (the context or its data holder). */
export function usesContext(params: readonly ParamModel[]): boolean {
  return params.some((param) => param.source === 'ctx' || param.source === 'data');
}
