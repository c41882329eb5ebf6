/**
 * The values a JSON type stands for (`svc.rich`): `Date` → ISO string, `URL` → its href,
 * `bigint` → its digits. (`Map` and `Set` are objects and arrays: emit-object.ts, emit-array.ts.)
 * A string in their place is written as it is: a handler may already hold the wire form.
 */
import type { RichValueType } from '../../model/rich-types.js';

export function inlineRich(rich: Exclude<RichValueType, 'Map' | 'Set'>, expr: string): string {
  switch (rich) {
    case 'Date':
      return `writeDate(${expr})`;
    case 'URL':
      return `writeUrl(${expr})`;
    case 'bigint':
      return `writeBigInt(${expr})`;
  }
}
