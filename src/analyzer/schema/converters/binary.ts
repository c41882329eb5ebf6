/**
 * `Uint8Array` / `Buffer` (and `ArrayBuffer`) inside a JSON value → `{type: string, contentEncoding:
 * base64}`: the serializer writes them as base64. (A handler returning bytes themselves answers
 * `application/octet-stream`, documented by returns.ts.)
 */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed } from '../type-utils.js';

const BINARY = ['Uint8Array', 'Buffer', 'ArrayBuffer'];

export const binaryConverter: TypeConverter = {
  kind: 'binary',
  supports: (type) => isGlobalNamed(type, BINARY),
  convert: () => ({ type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } }),
};
