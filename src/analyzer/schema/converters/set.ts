/** `Set<T>` / `ReadonlySet<T>` → `{type: array, items: T, uniqueItems: true}` (sent as an array). */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed, typeArgumentsOf } from '../type-utils.js';

export const setConverter: TypeConverter = {
  kind: 'set',
  supports: (type) => isGlobalNamed(type, ['Set', 'ReadonlySet']),
  convert(type, context) {
    const [element] = typeArgumentsOf(type, context.checker);
    const items = element ? context.convert(element) : {};
    return { type: 'array', items, uniqueItems: true, svc: { rich: 'Set' } };
  },
};
