/**
 * Cookies on answers: `ctx.response.setCookie` / `clearCookie`, read back by real clients (Node's
 * fetch and its `Headers.getSetCookie()`) and through inject.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { serializeCookie } from '../../src/runtime/http/set-cookie.js';
import { createTestApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/headers', import.meta.url));
const logs: string[] = [];
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root, log: (line) => logs.push(line), requestLog: false });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** A client's reading of one `Set-Cookie` line: decoded value, attributes by lower-case name. */
function parse(line: string): ParsedCookie {
  const [pair = '', ...rest] = line.split('; ');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at === -1) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, at).toLowerCase()] = part.slice(at + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

/** The `Set-Cookie` lines over a socket (fetch) and through inject; both must agree. */
async function setCookies(url: string): Promise<{ status: number; lines: string[] }> {
  const res = await fetch(new URL(url, base));
  await res.arrayBuffer();
  const lines = res.headers.getSetCookie();
  const injected = await app.inject({ method: 'GET', url });
  assert.equal(injected.status, res.status);
  assert.deepEqual(injected.headers['set-cookie'], lines);
  return { status: res.status, lines };
}

test('two cookies are two Set-Cookie headers with encoded values and exact attributes', async () => {
  const { status, lines } = await setCookies('/api/cookies/set');
  assert.equal(status, 200);
  assert.deepEqual(lines.map(parse), [
    {
      name: 'session',
      value: 'a b;c=d',
      attributes: { 'max-age': '3600', path: '/', secure: true, httponly: true, samesite: 'Lax' },
    },
    {
      name: 'theme',
      value: 'dark',
      attributes: { expires: 'Tue, 01 Jan 2030 00:00:00 GMT', domain: 'example.test' },
    },
  ]);
  assert.equal(lines[0], 'session=a%20b%3Bc%3Dd; Max-Age=3600; Path=/; Secure; HttpOnly; SameSite=Lax');
});

test('clearCookie sends an already-expired cookie on the same path', async () => {
  const { status, lines } = await setCookies('/api/cookies/clear');
  assert.equal(status, 200);
  assert.deepEqual(lines.map(parse), [
    {
      name: 'session',
      value: '',
      attributes: { 'max-age': '0', expires: 'Thu, 01 Jan 1970 00:00:00 GMT', path: '/' },
    },
  ]);
});

test('a cookie set by middleware is kept on a guard block', async () => {
  const { status, lines } = await setCookies('/api/cookies/blocked');
  assert.equal(status, 401);
  assert.deepEqual(lines, ['seen=yes; Path=/']);
});

test('a bad cookie name is an SVC_ERR_INVALID_COOKIE error naming it (a 500 to the client)', async () => {
  logs.length = 0;
  const res = await fetch(new URL('/api/cookies/bad', base));
  assert.equal(res.status, 500);
  assert.deepEqual(res.headers.getSetCookie(), []);
  await res.arrayBuffer();
  assert.equal(logs.length, 1);
  assert.match(logs[0] ?? '', /Cookie name "bad name" is not an RFC 6265 token.*\[SVC_ERR_INVALID_COOKIE\]/);
});

test('serializeCookie refuses bad names and attribute values with SVC_ERR_INVALID_COOKIE', () => {
  const refused = (run: () => unknown, named: RegExp): void =>
    assert.throws(run, (error: unknown) => {
      assert.ok(error instanceof SvcError);
      assert.equal(error.code, 'SVC_ERR_INVALID_COOKIE');
      assert.match(error.message, named);
      return true;
    });
  for (const name of ['', 'a b', 'a;b', 'a=b', 'ü', 'a\r\nb']) {
    refused(() => serializeCookie(name, 'v'), /Cookie name/);
  }
  refused(() => serializeCookie('s', 'v', { path: '/;x' }), /Cookie s: path/);
  refused(() => serializeCookie('s', 'v', { domain: 'a\nb' }), /Cookie s: domain/);
  refused(() => serializeCookie('s', 'v', { maxAge: Number.NaN }), /Cookie s: maxAge/);
  refused(() => serializeCookie('s', 'v', { expires: new Date('nope') }), /Cookie s: expires/);
  refused(() => serializeCookie('s', 'v', { sameSite: 'sometimes' as 'Lax' }), /Cookie s: sameSite/);
});
