/** `bigint` → `{type: integer, format: int64}`; the hint `svc.rich` tells the runtime to revive a BigInt. */
import ts from '../../typescript.cjs';
import type { TypeConverter } from '../types.js';

export const bigintConverter: TypeConverter = {
  kind: 'bigint',
  supports: (type) => (type.flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) !== 0,
  convert: () => ({ type: 'integer', format: 'int64', svc: { rich: 'bigint' } }),
};
