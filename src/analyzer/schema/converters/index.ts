/**
 * The converter chain, in order: the first converter whose `supports` answers true converts
 * the type. Order matters where kinds overlap: wrappers (`Promise`, `| null`) first, then
 * primitives and literals, then the well-known globals, then collections, unions,
 * intersections, what has no schema, and finally plain objects.
 */
import type { TypeConverter } from '../types.js';
import { arrayConverter } from './array.js';
import { bigintConverter } from './bigint.js';
import { binaryConverter } from './binary.js';
import { dateUrlConverter } from './date-url.js';
import { enumConverter } from './enum.js';
import { fileConverter } from './file.js';
import { intersectionConverter } from './intersection.js';
import { literalConverter } from './literal.js';
import { literalUnionConverter } from './literal-union.js';
import { mapConverter } from './map.js';
import { nullableConverter } from './nullable.js';
import { objectConverter } from './object.js';
import { primitiveConverter } from './primitive.js';
import { promiseConverter } from './promise.js';
import { recordConverter } from './record.js';
import { setConverter } from './set.js';
import { tupleConverter } from './tuple.js';
import { unionConverter } from './union.js';
import { unionOfObjectsConverter } from './union-objects.js';
import { unresolvableConverter } from './unresolvable.js';

export const CONVERTERS: readonly TypeConverter[] = [
  promiseConverter,
  nullableConverter,
  primitiveConverter,
  bigintConverter,
  enumConverter,
  literalConverter,
  literalUnionConverter,
  binaryConverter,
  fileConverter,
  dateUrlConverter,
  setConverter,
  mapConverter,
  arrayConverter,
  tupleConverter,
  unionOfObjectsConverter,
  unionConverter,
  intersectionConverter,
  unresolvableConverter,
  recordConverter,
  objectConverter,
];
