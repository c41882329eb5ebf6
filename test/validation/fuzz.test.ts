/**
 * Hundreds of generated invalid requests (seeded, so every run sends the same ones) over a real
 * socket: every answer is a 400 problem, none a 500, and the server keeps serving.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/validation/app', import.meta.url));
const served = serveFixture(root);

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(20240601);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const JUNK_TEXT = [
  '',
  ' ',
  'null',
  'NaN',
  '1e',
  '0x1f',
  '-',
  '💥',
  '%00',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a'.repeat(300),
];

function junkValue(depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 2 ? 6 : 9));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() * 1e6 - 5e5;
    case 2:
      return pick(JUNK_TEXT);
    case 3:
      return random() < 0.5;
    case 4:
      return -0.5;
    case 5:
      return Number.MAX_SAFE_INTEGER * 4;
    case 6:
      return [junkValue(depth + 1), junkValue(depth + 1)];
    case 7:
      return { __proto__: junkValue(depth + 1), constructor: junkValue(depth + 1) } as unknown;
    default:
      return JSON.parse(
        `{"__proto__": {"polluted": true}, "x": ${JSON.stringify(junkValue(depth + 1)) ?? 'null'}}`,
      );
  }
}

/** A body certain to be invalid: one field surely wrong, others randomly disturbed. */
function invalidUser(): unknown {
  const user: Record<string, unknown> = { name: 'Ann', age: 30, address: { city: 'Oslo' }, tags: ['a'] };
  const sure = pick(['age-type', 'age-range', 'no-name', 'name-type', 'city', 'not-object']);
  if (sure === 'not-object') return pick([null, 5, 'text', [user], true]);
  if (sure === 'age-type') user.age = pick(['30', null, [], {}, 1.5, true]);
  if (sure === 'age-range') user.age = pick([-1, 151, 1e9]);
  if (sure === 'no-name') delete user.name;
  if (sure === 'name-type') user.name = pick([1, null, {}, [], 'x'.repeat(11)]);
  if (sure === 'city') user.address = pick([{}, { city: '' }, { city: 5 }, 'Oslo', null]);
  for (const key of ['email', 'tags', 'birthday', 'color', 'manager', 'extra', '__proto__'])
    if (random() < 0.3) user[key] = junkValue();
  return user;
}

function invalidQuery(): string {
  const params = new URLSearchParams();
  params.append('count', 'x' + pick(JUNK_TEXT));
  for (const key of ['flag', 'color', 'priority', 'at', 'big', 'tags', 'tags', 'optional', 'constructor'])
    if (random() < 0.6) params.append(key, pick(JUNK_TEXT));
  const raw = params.toString();
  return random() < 0.2 ? raw + '&%E0%A4%A=1&=&&tags' : raw;
}

async function status(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; type: string | null }> {
  const response = await fetch(served.base + path, init);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get('content-type') };
}

function post(path: string, body: string) {
  return status(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
}

async function inBatches<T>(count: number, make: () => () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, make);
    results.push(...(await Promise.all(batch.map((send) => send()))));
  }
  return results;
}

describe('fuzzing with invalid input', () => {
  it('300 invalid bodies: all 400 problem+json', async () => {
    const results = await inBatches(300, () => {
      const text = random() < 0.1 ? '{"name": "A", "age":' : JSON.stringify(invalidUser());
      const path = pick(['/api/checks/users', '/api/checks/wrapped', '/api/checks/pets']);
      const body = path.endsWith('wrapped') ? `{"data": {"user": ${text}}}` : text;
      const sent = path.endsWith('pets') ? pick([text, '{"kind": 5}', '{}', '[]']) : body;
      return async () => ({ ...(await post(path, sent)), sent: `${path} ${sent}` });
    });
    for (const result of results) {
      assert.equal(result.status, 400, result.sent);
      assert.equal(result.type, 'application/problem+json');
    }
  });
  it('200 invalid query strings: all 400 problem+json', async () => {
    const results = await inBatches(200, () => {
      const query = invalidQuery();
      const path = random() < 0.5 ? `/api/checks/scalars/7?${query}` : `/api/checks/search?limit=0&${query}`;
      return () => status(path, { headers: { 'x-level': pick(['info', 'nope', '']) } });
    });
    for (const result of results) {
      assert.equal(result.status, 400);
      assert.equal(result.type, 'application/problem+json');
    }
  });
  it('the server still serves valid requests afterwards', async () => {
    const ok = await post('/api/checks/users', JSON.stringify({ name: 'Ann', age: 3 }));
    assert.equal(ok.status, 200);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
