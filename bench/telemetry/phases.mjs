// CPU per request of the ways svc could record a request's phases (guard, handler, catcher) on
// its server span, with the SDK as bench/telemetry/sdk.mjs registers it (BatchSpanProcessor,
// an exporter that drops the spans), and the cost of context.with around the handling.
// `node bench/telemetry/phases.mjs`. Not part of npm test.
import { setImmediate as turn } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { context, SpanKind, trace } from '@opentelemetry/api';
import './sdk.mjs';

const REQUESTS = 200_000;
const tracer = trace.getTracer('phases-bench');
const PHASES = [
  ['svc.guard', 'KeyGate.check'],
  ['svc.handler', 'BooksController.get'],
  ['svc.catcher', 'QuotaCatcher.answer'],
];

function serverSpan() {
  const span = tracer.startSpan('GET', {
    kind: SpanKind.SERVER,
    attributes: {
      'http.request.method': 'GET',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': 3000,
    },
  });
  span.updateName('GET /books/{id}');
  span.setAttribute('http.route', '/books/{id}');
  return span;
}

function endServerSpan(span) {
  span.setAttribute('http.response.status_code', 200);
  span.setAttribute('url.path', '/books/7');
  span.setAttribute('svc.request_id', 'Qm3xT0aZ-4f');
  span.end();
}

const CASES = {
  'server span alone': () => endServerSpan(serverSpan()),
  'server span + 3 events': () => {
    const span = serverSpan();
    for (const [name, step] of PHASES) {
      const started = performance.now();
      span.addEvent(name, { 'svc.step': step, 'svc.duration_ms': performance.now() - started }, started);
    }
    endServerSpan(span);
  },
  'server span + 3 child spans': () => {
    const span = serverSpan();
    const parent = trace.setSpan(context.active(), span);
    for (const [name, step] of PHASES)
      tracer.startSpan(name, { attributes: { 'svc.step': step } }, parent).end();
    endServerSpan(span);
  },
  'a call': () => handle(1),
  'the call in context.with': () => context.with(active, handle, undefined, 1),
};
const active = trace.setSpan(context.active(), serverSpan());
function handle(value) {
  return value + 1;
}

async function microsPerRequest(run) {
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    run();
    // Turns of the event loop let the batch processor export, as between a server's requests.
    if (i % 256 === 255) await turn();
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

for (const run of Object.values(CASES)) await microsPerRequest(run); // warm-up
for (const [name, run] of Object.entries(CASES)) {
  const figures = [];
  for (let round = 0; round < 3; round++) figures.push(await microsPerRequest(run));
  figures.sort((a, b) => a - b);
  console.log(`${name.padEnd(30)} ${figures[1].toFixed(2)} µs CPU per request (median of 3)`);
}
console.log(`/proc/loadavg: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
