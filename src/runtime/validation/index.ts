/**
 * Compiles one coercer per parameter. This first version checks presence only and passes
 * values through; the full type-driven coercion and validation replaces it.
 */
import type { ParamModel } from '../../model/app-model.js';
import type { Coercer, CoercerOptions, InputError } from './types.js';

export type { Coercer, CoercerOptions, InputError } from './types.js';

export function compileCoercer(param: ParamModel, _options: CoercerOptions): Coercer {
  const location = param.source as InputError['in'];
  const name = Array.isArray(param.key) ? '/' + param.key.join('/') : param.key;
  if (!param.required) return (raw) => raw;
  return (raw, errors) => {
    if (raw === undefined)
      errors.push({ in: location, name: name === '/' ? '' : name, message: 'is required' });
    return raw;
  };
}
