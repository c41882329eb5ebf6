/**
 * `Set-Cookie` header values for `ctx.response.setCookie` / `clearCookie` (RFC 6265 §4.1).
 * Written here rather than with a library: the grammar is a few lines and Node's own
 * `encodeURIComponent` gives a value that is always a valid cookie-octet string.
 */
import { SvcError } from '../errors/svc-error.js';

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None' | 'strict' | 'lax' | 'none';
  path?: string;
  domain?: string;
  /** Seconds until the cookie expires (`Max-Age`); 0 or less expires it at once. */
  maxAge?: number;
  expires?: Date;
}

/** RFC 7230 `token`, which RFC 6265 requires of a cookie name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** An attribute value (`Path`, `Domain`) may hold any CHAR but controls and `;`. */
function isAttributeValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x3b /* ';' */) return false;
  }
  return true;
}
const SAME_SITE: Readonly<Record<string, string>> = { strict: 'Strict', lax: 'Lax', none: 'None' };

function invalid(message: string): SvcError {
  return new SvcError('SVC_ERR_INVALID_COOKIE', message);
}

/** One `Set-Cookie` value: `name=encoded value` and the given attributes, in a fixed order. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    throw invalid(
      `Cookie name ${JSON.stringify(name)} is not an RFC 6265 token (letters, digits and !#$%&'*+-.^_\`|~).`,
    );
  }
  const parts = [`${name}=${encodeURIComponent(String(value))}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${maxAgeOf(name, options.maxAge)}`);
  if (options.expires !== undefined) parts.push(`Expires=${expiresOf(name, options.expires)}`);
  if (options.domain !== undefined) parts.push(`Domain=${attribute(name, 'domain', options.domain)}`);
  if (options.path !== undefined) parts.push(`Path=${attribute(name, 'path', options.path)}`);
  if (options.secure === true) parts.push('Secure');
  if (options.httpOnly === true) parts.push('HttpOnly');
  if (options.sameSite !== undefined) parts.push(`SameSite=${sameSiteOf(name, options.sameSite)}`);
  return parts.join('; ');
}

/** A `Set-Cookie` value that makes the browser drop the cookie (same path and domain as it was set with). */
export function expiredCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}): string {
  return serializeCookie(name, '', {
    path: options.path,
    domain: options.domain,
    maxAge: 0,
    expires: new Date(0),
  });
}

function maxAgeOf(name: string, maxAge: number): number {
  if (!Number.isFinite(maxAge)) throw invalid(`Cookie ${name}: maxAge must be a finite number of seconds.`);
  return Math.max(0, Math.floor(maxAge));
}

function expiresOf(name: string, expires: Date): string {
  if (!(expires instanceof Date) || Number.isNaN(expires.getTime())) {
    throw invalid(`Cookie ${name}: expires must be a valid Date.`);
  }
  return expires.toUTCString();
}

function attribute(name: string, key: string, value: string): string {
  if (typeof value !== 'string' || !isAttributeValue(value)) {
    throw invalid(`Cookie ${name}: ${key} ${JSON.stringify(value)} holds ';' or a control character.`);
  }
  return value;
}

function sameSiteOf(name: string, sameSite: string): string {
  const written = typeof sameSite === 'string' ? SAME_SITE[sameSite.toLowerCase()] : undefined;
  if (written === undefined) throw invalid(`Cookie ${name}: sameSite must be Strict, Lax or None.`);
  return written;
}
