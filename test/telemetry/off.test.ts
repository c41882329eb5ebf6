/**
 * Telemetry off (`telemetry: false`) and the API absent: the app answers as before, makes no
 * span and no metric even with an SDK registered, and its request log line has no trace ids.
 * svc imports the API once at start-up, only when a copy of it registered a global (an SDK);
 * off: it never tries.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket } from '../runtime/helpers.js';
import { dataPoints, exporter } from './sdk.js';

const root = fileURLToPath(new URL('../fixtures/telemetry', import.meta.url));
const lines: string[] = [];
const off = serveFixture(root, { telemetry: false, log: (line) => lines.push(line) });

const LOG_KEYS = ['time', 'level', 'msg', 'method', 'path', 'status', 'ms', 'id'];

function logLineOf(id: string): Record<string, unknown> | undefined {
  return lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.id === id);
}

test('telemetry: false answers as before, with no span, no metric and no trace ids in the log', async () => {
  const book = await viaSocket(off.base, {
    method: 'GET',
    url: '/books/7',
    headers: {
      'x-key': 'open',
      'x-request-id': 'off-1',
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    },
  });
  assert.equal(book.status, 200);
  assert.deepEqual(JSON.parse(book.text), { id: '7', title: 'Book 7' });
  const broken = await viaSocket(off.base, { method: 'GET', url: '/faults/broken' });
  assert.equal(broken.status, 500);
  const caught = await viaSocket(off.base, { method: 'GET', url: '/faults/quota' });
  assert.deepEqual([caught.status, JSON.parse(caught.text)], [503, { retry: true }]);
  const active = await viaSocket(off.base, { method: 'GET', url: '/spans/active' });
  assert.deepEqual(JSON.parse(active.text), { traceId: '', spanId: '' });

  assert.deepEqual(exporter.getFinishedSpans(), []);
  assert.deepEqual(await dataPoints('http.server.request.duration'), []);
  assert.deepEqual(await dataPoints('http.server.active_requests'), []);
  assert.deepEqual(Object.keys(logLineOf('off-1') ?? {}), LOG_KEYS);
});

interface ChildRun {
  status: number;
  body: unknown;
  log: Record<string, unknown>;
  hiddenImports: number;
}

const childDir = fileURLToPath(new URL('../fixtures/telemetry/without-api/', import.meta.url));

/** The fixture served in a process where svc cannot import @opentelemetry/api. */
async function serveWithoutApi(options: object): Promise<ChildRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `${childDir}hide-api.mjs`,
      `${childDir}serve.ts`,
      JSON.stringify(options),
    ],
    { env: { ...process.env, NODE_ENV: 'test' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildRun;
}

test('svc imports the API only when something registered a global; failing, it serves as before; off, it never tries', async () => {
  const [absent, absentAndOff, registered] = await Promise.all([
    serveWithoutApi({}),
    serveWithoutApi({ telemetry: false }),
    serveWithoutApi({ registered: true }),
  ]);
  for (const run of [absent, absentAndOff, registered]) {
    assert.equal(run.status, 200);
    assert.deepEqual(run.body, { id: '5', title: 'Book 5' });
    assert.deepEqual(Object.keys(run.log), LOG_KEYS);
    assert.equal(run.log.id, 'no-api-1');
  }
  // Nothing under the API's global key (no SDK registered): svc does not even try the import.
  assert.equal(absent.hiddenImports, 0);
  assert.equal(absentAndOff.hiddenImports, 0);
  assert.equal(registered.hiddenImports, 1);
});
