/** `Map<K, V>` / `ReadonlyMap<K, V>` → `{type: object, additionalProperties: V}` (sent as an object; keys become strings). */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed, typeArgumentsOf } from '../type-utils.js';

export const mapConverter: TypeConverter = {
  kind: 'map',
  supports: (type) => isGlobalNamed(type, ['Map', 'ReadonlyMap']),
  convert(type, context) {
    const [, value] = typeArgumentsOf(type, context.checker);
    const additionalProperties = value ? context.convert(value) : {};
    return { type: 'object', additionalProperties, svc: { rich: 'Map' } };
  },
};
