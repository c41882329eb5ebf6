// What the health endpoints cost the app's own requests, and what a probe costs, in requests per
// CPU second of the server process (CPU time from /proc). Not part of npm test.
// `node bench/health-cost.mjs [--seconds 5] [--rounds 3]` (after `npm run build`).
//
// The endpoints are on by default: two more static routes, and a look at each request log line's
// path so probes write none. Each group runs `health: false` (the app as before them) beside the
// default, side by side, so machine load hits both alike; the ratio is the cost.
import {
  autocannonDriver,
  compareSideBySide,
  costOptions,
  printHeading,
  productionApp,
  startOnPort,
} from './production/side-by-side.mjs';
import { buildProject } from './production/measure.mjs';

const options = costOptions();

const GROUPS = [
  [
    { name: 'hello, log on, health off', path: '/hello', options: { requestLog: true, health: false } },
    { name: 'hello, log on, health on', path: '/hello', options: { requestLog: true } },
  ],
  [
    { name: 'hello, log off, health off', path: '/hello', options: { requestLog: false, health: false } },
    { name: 'hello, log off, health on', path: '/hello', options: { requestLog: false } },
  ],
  [
    { name: 'hello, log on', path: '/hello', options: { requestLog: true } },
    { name: 'GET /health/ready, log on', path: '/health/ready', options: { requestLog: true } },
    { name: 'GET /health/live, log on', path: '/health/live', options: { requestLog: true } },
  ],
];

const start = (testCase) => startOnPort([productionApp.server, JSON.stringify(testCase.options)]);
const drive = autocannonDriver((testCase) => [{ method: 'GET', path: testCase.path }]);
/** Request log lines the case's server wrote over all rounds (probes must write none). */
const logLines = (i, rounds) =>
  `(${rounds.reduce((sum, figures) => sum + figures[i].logLines, 0)} log lines)`;

buildProject(productionApp.dir);
printHeading(options);
for (const group of GROUPS) await compareSideBySide(group, { ...options, start, drive, note: logLines });
