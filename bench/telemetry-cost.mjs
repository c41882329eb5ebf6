// What OpenTelemetry costs a request, in requests per CPU second of the server process (CPU
// time from /proc, so the load generator and other processes do not count). Not part of npm
// test. `node bench/telemetry-cost.mjs [--seconds 5] [--rounds 3]` (after `npm run build`).
//
// The hello route ({"hello":"world"}, request log off), its server run six ways side by side,
// so a change of machine load hits them alike; the ratio to the first is the cost:
// - API absent: svc cannot import @opentelemetry/api (telemetry/hide-api.mjs), today's path;
// - API present, no SDK: svc's wrappers run against the API's no-op tracer and meter;
// - SDK, telemetry: false: the SDK registered (telemetry/sdk.mjs) but svc's telemetry off;
// - SDK: a span per request through a BatchSpanProcessor to an exporter that drops it, the
//   handler's span event, the two metrics, context.with around the handling;
// - SDK without a context manager: the same, context.with being a plain call (what the
//   AsyncLocalStorage behind a handler's trace.getActiveSpan() costs);
// - SDK, metrics only: no tracer provider, so the spans are the API's no-op ones.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildProject,
  cpuSeconds,
  load,
  loadAverage,
  repoDir,
  startServer,
  stopServer,
} from './production/measure.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const appDir = join(repoDir, 'bench', 'production', 'app');
const server = join(repoDir, 'bench', 'production', 'server.mjs');
const hide = ['--import', join(repoDir, 'bench', 'telemetry', 'hide-api.mjs')];
const sdk = ['--import', join(repoDir, 'bench', 'telemetry', 'sdk.mjs')];

const off = { requestLog: false };
const CASES = [
  { name: 'hello, API absent', node: hide, options: off },
  { name: 'hello, API present, no SDK', node: [], options: off },
  { name: 'hello, SDK, telemetry: false', node: sdk, options: { ...off, telemetry: false } },
  { name: 'hello, SDK (batch spans, metrics)', node: sdk, options: off },
  { name: 'hello, SDK, no context manager', node: sdk, options: off, env: { SVC_BENCH_OTEL: 'no-context' } },
  { name: 'hello, SDK, metrics only', node: sdk, options: off, env: { SVC_BENCH_OTEL: 'metrics-only' } },
];

async function startCase(testCase) {
  const args = [...testCase.node, server, JSON.stringify(testCase.options)];
  const state = await startServer(args, /port (\d+)/, testCase.env);
  return { state, requests: [{ method: 'GET', path: '/hello' }] };
}

/** Loads every case at once; gives each one's requests per server CPU second. */
async function runRound() {
  const running = await Promise.all(CASES.map(startCase));
  const connections = 25;
  await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds: 2, connections })),
  );
  const before = running.map((r) => cpuSeconds(r.state.child.pid));
  const results = await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds, connections })),
  );
  const cpu = running.map((r, i) => cpuSeconds(r.state.child.pid) - before[i]);
  const loadNow = loadAverage();
  await Promise.all(running.map((r) => stopServer(r.state)));
  return results.map((result, i) => {
    if (result.errors || result.non2xx)
      throw new Error(`${CASES[i].name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return { perCpuSecond: result.total / cpu[i], load: loadNow };
  });
}

buildProject(appDir);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`requests per server CPU second, the cases side by side (median of ${rounds} × ${seconds} s)`);
const rows = CASES.map(() => []);
const loads = [];
for (let round = 0; round < rounds; round++) {
  const figures = await runRound();
  figures.forEach((figure, i) => rows[i].push(figure.perCpuSecond));
  loads.push(figures[0].load);
}
const ratios = rows.map((row) => median(row.map((value, round) => value / rows[0][round])));
CASES.forEach((testCase, i) => {
  const perCpu = Math.round(median(rows[i]));
  console.log(
    `${testCase.name.padEnd(36)} ${String(perCpu).padStart(7)} req/CPU-s  ×${ratios[i].toFixed(2)}`,
  );
});
console.log(`  /proc/loadavg at each round: ${loads.join(' | ')}`);
