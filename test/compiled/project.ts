/**
 * The project the compiled-code tests build: the validation fixture's sources (bodies, text
 * inputs, patterns, integers, a discriminated union, recursion) plus a controller whose typed
 * answers exercise the serializers (enum sets, dates, bigints, null, a union, a dropped key).
 * Copied to a temporary directory wired to this svc, as the CLI tests' projects are.
 */
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../cli/helpers.js';

const ANSWERS = `import { Controller, Get, Param } from 'svcjs';

export interface Row {
  /** @isInt */
  id: number;
  name: string;
  tags: string[];
  at: Date;
  big: bigint;
  kind: 'a' | 'b';
  note: string | null;
}

export type Shape = { type: 'circle'; r: number } | { type: 'square'; side: number };

@Controller('answers')
export class AnswersController {
  @Get('rows')
  rows(): Row[] {
    const row = { id: 1, name: 'a"b', tags: ['x'], at: new Date(0), big: 12345678901234567890n, kind: 'a', note: null, extra: 'left out' };
    return [row as Row];
  }

  @Get('shape/:which')
  shape(@Param() which: string): Shape {
    return which === 'circle' ? { type: 'circle', r: 1 } : { type: 'square', side: 2 };
  }
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['src'],
};

export function makeCompiledProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-compiled-'));
  cpSync(join(REPO, 'test', 'fixtures', 'validation', 'app', 'src'), join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'answers.controller.ts'), ANSWERS);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'svc-compiled-fixture', type: 'module' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'svcjs'), 'dir');
  return dir;
}

/** Requests covering loaded validators (400s of each kind) and serializers (200s). */
export const REQUESTS: { method: string; path: string; body?: unknown; headers?: Record<string, string> }[] =
  [
    {
      method: 'GET',
      path: '/api/checks/scalars/7?count=1.5&flag=1&color=red&priority=2&at=2024-01-01T00:00:00Z&big=99999999999999999999&tags=1&tags=2',
      headers: { 'x-level': 'info', cookie: 'session=abc' },
    },
    {
      method: 'GET',
      path: '/api/checks/scalars/7?count=x&flag=2&color=blue&tags=a',
      headers: { 'x-level': 'loud' },
    },
    { method: 'GET', path: '/api/checks/search?limit=0&sort=up' },
    { method: 'GET', path: '/api/checks/search?limit=3&sort=asc' },
    {
      method: 'POST',
      path: '/api/checks/users',
      body: { name: 'Ann', age: 30, address: { city: 'X', zip: '12345' } },
    },
    { method: 'POST', path: '/api/checks/users', body: '{"name":"a name too long","age":9007199254740993}' },
    {
      method: 'POST',
      path: '/api/checks/users',
      body: { name: 'A', age: 1, address: { city: '', zip: '1x' } },
    },
    {
      method: 'POST',
      path: '/api/checks/users',
      body: { name: 'A', age: 1, email: 'nope', tags: ['a', 'b', 'c'] },
    },
    { method: 'POST', path: '/api/checks/pets', body: { kind: 'cat', lives: 9 } },
    { method: 'POST', path: '/api/checks/pets', body: { kind: 'dog', barks: 'yes' } },
    { method: 'POST', path: '/api/checks/pairs', body: ['done', 'no'] },
    {
      method: 'POST',
      path: '/api/checks/tallies',
      body: { count: 1, entries: ['2024-01-01T00:00:00Z', '12', 3] },
    },
    { method: 'POST', path: '/api/checks/wrapped?dry=maybe', body: { data: { user: { name: 'A' } } } },
    { method: 'GET', path: '/api/answers/rows' },
    { method: 'GET', path: '/api/answers/shape/circle' },
    { method: 'GET', path: '/api/answers/shape/square' },
  ];

/** What a client sees of each request: status, content type and body text. */
export async function answersOf(base: string): Promise<string[]> {
  const seen: string[] = [];
  for (const { method, path, body, headers } of REQUESTS) {
    const init: RequestInit = { method, headers: { ...headers }, signal: AbortSignal.timeout(10_000) };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(base + path, init);
    // A problem's `instance` names the request (a per-process id): the rest must be equal.
    const text = (await response.text()).replace(/"instance":"[^"]*"/, '"instance":"(id)"');
    seen.push(`${method} ${path} → ${response.status} ${response.headers.get('content-type')} ${text}`);
  }
  return seen;
}
