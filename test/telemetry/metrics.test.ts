/**
 * A stream's span lasts as long as the stream (SSE, WebSocket), and the two HTTP server metrics, read by a
 * `MetricReader`: `http.server.active_requests` counts the open stream, and
 * `http.server.request.duration` has one series per route, method and status, with the
 * conventions' exact attribute sets.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Histogram } from '@opentelemetry/sdk-metrics';
import WebSocket from 'ws';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket } from '../runtime/helpers.js';
import { attributesOf, dataPoints, spans, spansOf } from './sdk.js';

const root = fileURLToPath(new URL('../fixtures/telemetry', import.meta.url));
const served = serveFixture(root);

interface OpenStream {
  /** Resolves with everything received once the server ends the stream. */
  ended: Promise<string>;
}

/** Opens the SSE route and resolves once its first event has arrived. */
function openFeed(id: string): Promise<OpenStream> {
  const url = new URL('/feed', served.base);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'x-request-id': id }, agent: false }, (res) => {
      let text = '';
      let first = true;
      const ended = new Promise<string>((done) => res.on('end', () => done(text)));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (first && text.includes('data: first')) {
          first = false;
          resolve({ ended });
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function activeRequests(): Promise<{ attributes: Record<string, unknown>; value: unknown }[]> {
  return (await dataPoints('http.server.active_requests')).map((point) => ({
    attributes: attributesOf(point),
    value: point.value,
  }));
}

const GET_HTTP = { 'http.request.method': 'GET', 'url.scheme': 'http' };

test('an SSE route’s span ends when the stream ends, not before; it is an active request meanwhile', async () => {
  const stream = await openFeed('feed-1');
  assert.deepEqual(spansOf('feed-1'), []);
  assert.deepEqual(await activeRequests(), [{ attributes: GET_HTTP, value: 1 }]);

  const release = await viaSocket(served.base, { method: 'POST', url: '/feed/release' });
  assert.deepEqual(JSON.parse(release.text), { released: true });
  assert.match(await stream.ended, /data: first\n\n[^]*data: last\n\n$/);
  const span = await spans.ended('feed-1');
  assert.equal(span.name, 'GET /feed');
  assert.equal(span.attributes['http.response.status_code'], 200);
  assert.deepEqual(
    span.events.map((event) => event.name),
    ['svc.handler'],
  );
  assert.deepEqual(await activeRequests(), [
    { attributes: GET_HTTP, value: 0 },
    { attributes: { 'http.request.method': 'POST', 'url.scheme': 'http' }, value: 0 },
  ]);
});

test('http.server.request.duration: one series per route, method and status, exact attributes', async () => {
  const requests = [
    { method: 'GET', url: '/books/1', headers: { 'x-key': 'open' } },
    { method: 'GET', url: '/books/2', headers: { 'x-key': 'open' } },
    { method: 'GET', url: '/books/3' },
    { method: 'GET', url: '/nowhere' },
    { method: 'GET', url: '/faults/broken' },
    { method: 'GET', url: '/faults/quota' },
  ];
  for (const sent of requests) await viaSocket(served.base, sent);
  const points = await dataPoints('http.server.request.duration');
  const series = points.map((point) => ({
    attributes: attributesOf(point),
    count: (point.value as Histogram).count,
  }));
  const get = { 'http.request.method': 'GET', 'url.scheme': 'http' };
  // Compared as sets: the order of series and of keys is the SDK's business.
  const key = (entry: (typeof series)[number]) =>
    JSON.stringify([Object.entries(entry.attributes).sort(), entry.count]);
  const sorted = (list: typeof series) => list.map(key).sort();
  assert.deepEqual(
    sorted(series),
    sorted([
      // The previous test's stream and its release.
      { attributes: { ...get, 'http.route': '/feed', 'http.response.status_code': 200 }, count: 1 },
      {
        attributes: {
          'http.request.method': 'POST',
          'url.scheme': 'http',
          'http.route': '/feed/release',
          'http.response.status_code': 200,
        },
        count: 1,
      },
      { attributes: { ...get, 'http.route': '/books/{id}', 'http.response.status_code': 200 }, count: 2 },
      { attributes: { ...get, 'http.route': '/books/{id}', 'http.response.status_code': 403 }, count: 1 },
      { attributes: { ...get, 'http.response.status_code': 404 }, count: 1 },
      {
        attributes: {
          ...get,
          'http.route': '/faults/broken',
          'http.response.status_code': 500,
          'error.type': 'TypeError',
        },
        count: 1,
      },
      {
        attributes: {
          ...get,
          'http.route': '/faults/quota',
          'http.response.status_code': 503,
          'error.type': 'QuotaError',
        },
        count: 1,
      },
    ]),
  );
  // Seconds, with the conventions' bucket boundaries.
  const buckets = (points[0]?.value as Histogram).buckets.boundaries;
  assert.deepEqual(buckets, [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]);
});

test('a WebSocket route’s span ends when the connection closes, with status 101', async () => {
  const socket = new WebSocket(`${served.base.replace('http', 'ws')}/echo`, {
    headers: { 'x-request-id': 'ws-1' },
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send('hi');
  const echoed = await new Promise<string>((resolve) =>
    socket.once('message', (data: Buffer) => resolve(data.toString())),
  );
  assert.equal(echoed, 'hi');
  assert.deepEqual(spansOf('ws-1'), []);
  const open = (await activeRequests()).find((point) => point.attributes['http.request.method'] === 'GET');
  assert.equal(open?.value, 1);

  socket.close();
  const span = await spans.ended('ws-1');
  assert.equal(span.name, 'GET /echo');
  assert.equal(span.attributes['http.response.status_code'], 101);
  assert.deepEqual(
    span.events.map((event) => event.name),
    ['svc.handler'],
  );
  const closed = (await activeRequests()).find((point) => point.attributes['http.request.method'] === 'GET');
  assert.equal(closed?.value, 0);
});
