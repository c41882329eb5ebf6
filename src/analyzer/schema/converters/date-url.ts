/**
 * `Date` → ISO string (`format: date-time`), `URL` → `format: uri`. `x-svc-type` tells the
 * runtime to revive the value; the OpenAPI writer strips it.
 */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed } from '../type-utils.js';

export const dateUrlConverter: TypeConverter = {
  kind: 'date-url',
  supports: (type) => isGlobalNamed(type, ['Date', 'URL']),
  convert(type) {
    return isGlobalNamed(type, ['Date'])
      ? { type: 'string', format: 'date-time', 'x-svc-type': 'Date' }
      : { type: 'string', format: 'uri', 'x-svc-type': 'URL' };
  },
};
