/**
 * Server spans over a real socket with the real OpenTelemetry SDK registered: one span per
 * request named after its route, the conventions' attributes, the guard, handler and catcher as
 * span events, exceptions and the ERROR status of a 5xx, a `traceparent` continued, the
 * server span active in the handler, and the trace's ids in the request log line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket } from '../runtime/helpers.js';
import { spansOf } from './sdk.js';

const root = fileURLToPath(new URL('../fixtures/telemetry', import.meta.url));
const lines: string[] = [];
const served = serveFixture(root, { log: (line) => lines.push(line) });

function port(): number {
  return Number(new URL(served.base).port);
}

/**
 * A request with its own id, and the one span it made. The span has ended by the time the reply
 * has arrived: it ends as the handling ends, in the server's turn that wrote the answer, before
 * this process reads the answer from the socket.
 */
async function traced(
  id: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; span: ReadableSpan }> {
  const reply = await viaSocket(served.base, { method, url, headers: { 'x-request-id': id, ...headers } });
  const ended = spansOf(id);
  assert.equal(ended.length, 1, `one span for ${method} ${url}`);
  return { status: reply.status, text: reply.text, span: ended[0] as ReadableSpan };
}

/** The events' names and steps, in order (their durations vary). */
function eventsOf(span: ReadableSpan): { name: string; step: unknown }[] {
  return span.events.map((event) => ({ name: event.name, step: event.attributes?.['svc.step'] }));
}

test('a routed request is a SERVER span named after its route, with the conventions’ attributes', async () => {
  const { status, span } = await traced('books-1', 'GET', '/books/7?draft=1', { 'x-key': 'open' });
  assert.equal(status, 200);
  assert.equal(span.name, 'GET /books/{id}');
  assert.equal(span.kind, SpanKind.SERVER);
  assert.deepEqual(span.attributes, {
    'http.request.method': 'GET',
    'url.scheme': 'http',
    'server.address': '127.0.0.1',
    'server.port': port(),
    'http.route': '/books/{id}',
    'http.response.status_code': 200,
    'url.path': '/books/7',
    'svc.request_id': 'books-1',
  });
  assert.equal(span.status.code, SpanStatusCode.UNSET);
  assert.equal(span.parentSpanContext, undefined);
  assert.deepEqual(eventsOf(span), [
    { name: 'svc.guard', step: 'KeyGate.check' },
    { name: 'svc.handler', step: 'BooksController.get' },
  ]);
  for (const event of span.events) assert.equal(typeof event.attributes?.['svc.duration_ms'], 'number');
});

test('a guard that blocks: the span has its event and the 403, and no handler event', async () => {
  const { status, span } = await traced('books-2', 'GET', '/books/7');
  assert.equal(status, 403);
  assert.equal(span.attributes['http.response.status_code'], 403);
  assert.equal(span.status.code, SpanStatusCode.UNSET);
  assert.deepEqual(eventsOf(span), [{ name: 'svc.guard', step: 'KeyGate.check' }]);
});

test('a 404 and a 405 have no route: their spans are named by the method alone', async () => {
  const missing = await traced('nowhere-1', 'GET', '/nowhere');
  assert.equal(missing.status, 404);
  assert.equal(missing.span.name, 'GET');
  assert.deepEqual(missing.span.attributes, {
    'http.request.method': 'GET',
    'url.scheme': 'http',
    'server.address': '127.0.0.1',
    'server.port': port(),
    'http.response.status_code': 404,
    'url.path': '/nowhere',
    'svc.request_id': 'nowhere-1',
  });
  assert.deepEqual(missing.span.events, []);
  const wrongMethod = await traced('nowhere-2', 'DELETE', '/books/7');
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.span.name, 'DELETE');
  assert.equal(wrongMethod.span.attributes['http.route'], undefined);
});

test('a method outside the known set is _OTHER, its span named HTTP', async () => {
  const { status, span } = await traced('other-1', 'PURGE', '/books/7');
  assert.equal(status, 501);
  assert.equal(span.name, 'HTTP');
  assert.equal(span.attributes['http.request.method'], '_OTHER');
  assert.equal(span.attributes['http.request.method_original'], 'PURGE');
});

test('a handler that throws: exception recorded, status ERROR, error.type its class', async () => {
  const { status, span } = await traced('broken-1', 'GET', '/faults/broken');
  assert.equal(status, 500);
  assert.equal(span.name, 'GET /faults/broken');
  assert.equal(span.status.code, SpanStatusCode.ERROR);
  assert.equal(span.attributes['error.type'], 'TypeError');
  assert.equal(span.attributes['http.response.status_code'], 500);
  assert.deepEqual(eventsOf(span), [
    { name: 'svc.handler', step: 'FaultsController.broken' },
    { name: 'exception', step: undefined },
  ]);
  const exception = span.events[1]?.attributes ?? {};
  assert.equal(exception['exception.type'], 'TypeError');
  assert.equal(exception['exception.message'], 'the shelf is on fire');
});

test('an error a catcher answers 503: the exception, then the catcher event, status ERROR', async () => {
  const { status, text, span } = await traced('quota-1', 'GET', '/faults/quota');
  assert.equal(status, 503);
  assert.deepEqual(JSON.parse(text), { retry: true });
  assert.equal(span.status.code, SpanStatusCode.ERROR);
  assert.equal(span.attributes['error.type'], 'QuotaError');
  assert.deepEqual(eventsOf(span), [
    { name: 'svc.handler', step: 'FaultsController.quota' },
    { name: 'exception', step: undefined },
    { name: 'svc.catcher', step: 'QuotaCatcher.answer' },
  ]);
  assert.equal(span.events[1]?.attributes?.['exception.message'], 'too many books');
});

test('an incoming traceparent is continued: same trace id, the caller’s span as parent', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parentId = '00f067aa0ba902b7';
  const { status, text, span } = await traced('parent-1', 'GET', '/spans/active', {
    traceparent: `00-${traceId}-${parentId}-01`,
  });
  assert.equal(status, 200);
  assert.equal(span.spanContext().traceId, traceId);
  assert.equal(span.parentSpanContext?.spanId, parentId);
  assert.equal(span.parentSpanContext?.isRemote, true);
  // The handler's trace.getActiveSpan() is the server span.
  assert.deepEqual(JSON.parse(text), { traceId, spanId: span.spanContext().spanId });
});

test('without a traceparent the handler still sees the server span, of a new trace', async () => {
  const { text, span } = await traced('active-1', 'GET', '/spans/active');
  assert.deepEqual(JSON.parse(text), {
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
  });
});

test('the request log line carries the trace and span ids of the request’s span', async () => {
  const { span } = await traced('log-1', 'GET', '/books/3', { 'x-key': 'open' });
  const line = lines
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((parsed) => parsed.id === 'log-1');
  assert.ok(line, 'a log line for the request');
  assert.deepEqual(Object.keys(line), [
    'time',
    'level',
    'msg',
    'method',
    'path',
    'status',
    'ms',
    'id',
    'trace_id',
    'span_id',
  ]);
  assert.equal(line.trace_id, span.spanContext().traceId);
  assert.equal(line.span_id, span.spanContext().spanId);
});
