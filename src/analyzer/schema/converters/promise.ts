/** `Promise<T>` (and `PromiseLike<T>`) → the schema of `T`: the value is awaited before it is sent. */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed, typeArgumentsOf } from '../type-utils.js';

export const promiseConverter: TypeConverter = {
  kind: 'promise',
  supports: (type) => isGlobalNamed(type, ['Promise', 'PromiseLike']),
  convert(type, context) {
    const [awaited] = typeArgumentsOf(type, context.checker);
    return awaited ? context.convert(awaited) : {};
  },
};
