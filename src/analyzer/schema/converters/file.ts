/**
 * The web-standard `File` (global in Node 20) → an octet-stream string marked `svc.rich: File`.
 * A body type with such a field is read as `multipart/form-data` (src/analyzer/body-media.ts);
 * the 3.0.3 document writes the schema as `format: binary` (src/openapi/downgrade-30.ts).
 */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed } from '../type-utils.js';

export const fileConverter: TypeConverter = {
  kind: 'file',
  supports: (type) => isGlobalNamed(type, ['File']),
  convert: () => ({ type: 'string', contentMediaType: 'application/octet-stream', svc: { rich: 'File' } }),
};
