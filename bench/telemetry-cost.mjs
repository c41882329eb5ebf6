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
import {
  autocannonDriver,
  compareSideBySide,
  costOptions,
  printHeading,
  productionApp,
  startOnPort,
} from './production/side-by-side.mjs';
import { buildProject, repoDir } from './production/measure.mjs';

const options = costOptions();
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

const start = (testCase) =>
  startOnPort([...testCase.node, productionApp.server, JSON.stringify(testCase.options)], testCase.env);
const drive = autocannonDriver(() => [{ method: 'GET', path: '/hello' }]);

buildProject(productionApp.dir);
printHeading(options);
await compareSideBySide(CASES, { ...options, start, drive });
