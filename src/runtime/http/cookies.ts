/**
 * Parses a `Cookie` header into a null-prototype name → value map (the first occurrence of a
 * name wins). Cookies named `__proto__`, `constructor` or `prototype` are dropped (see
 * prototype-keys.ts).
 */
import { unescape } from 'node:querystring';
import { PROTOTYPE_KEYS } from './prototype-keys.js';

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name === '' || name in cookies || PROTOTYPE_KEYS.has(name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    // querystring.unescape never throws: a malformed escape is kept as written.
    cookies[name] = value.includes('%') ? unescape(value) : value;
  }
  return cookies;
}
