/**
 * `Date` → ISO string (`format: date-time`), `URL` → `format: uri`. The hint `svc.rich` tells
 * the runtime to revive the value; no document shows it.
 */
import type { TypeConverter } from '../types.js';
import { isGlobalNamed } from '../type-utils.js';

export const dateUrlConverter: TypeConverter = {
  kind: 'date-url',
  supports: (type) => isGlobalNamed(type, ['Date', 'URL']),
  convert(type) {
    return isGlobalNamed(type, ['Date'])
      ? { type: 'string', format: 'date-time', svc: { rich: 'Date' } }
      : { type: 'string', format: 'uri', svc: { rich: 'URL' } };
  },
};
