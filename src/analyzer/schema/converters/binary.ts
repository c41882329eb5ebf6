/** `Uint8Array` / `Buffer` (and `ArrayBuffer`) → `{type: string, format: binary}`: raw bytes on the wire. */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed } from '../type-utils.js';

const BINARY = ['Uint8Array', 'Buffer', 'ArrayBuffer'];

export const binaryConverter: TypeConverter = {
  kind: 'binary',
  supports: (type) => isGlobalNamed(type, BINARY),
  convert: () => ({ type: 'string', format: 'binary' }),
};
