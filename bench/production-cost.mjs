// The cost of the request log and of compression, in requests per CPU second of the server
// process (CPU time from /proc, so the load generator and other processes do not count).
// Not part of npm test. `node bench/production-cost.mjs [--seconds 5] [--rounds 3]`.
//
// hello: {"hello":"world"} (too small to compress) with the request log off and on;
// list:  100 items (~4.5 KB JSON) with gzip accepted and compression off, then gzip and br
//        compressed. The log is off in the list cases, so each ratio isolates one cost.
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

// Each group's cases run side by side (their servers loaded at once, for the same seconds), so
// a change of machine load hits them alike; the ratio to the group's first case is the cost.
const GROUPS = [
  [
    { name: 'hello, log off', path: '/hello', options: { requestLog: false } },
    { name: 'hello, log on (JSON lines to a pipe)', path: '/hello', options: { requestLog: true } },
  ],
  [
    {
      name: 'list, gzip accepted, compression off',
      path: '/items',
      encoding: 'gzip',
      options: { requestLog: false, compression: false },
    },
    {
      name: 'list, gzip accepted, compression on',
      path: '/items',
      encoding: 'gzip',
      options: { requestLog: false },
    },
    {
      name: 'list, br accepted, compression on',
      path: '/items',
      encoding: 'br',
      options: { requestLog: false },
    },
  ],
];

const start = (testCase) => startOnPort([productionApp.server, JSON.stringify(testCase.options)]);
const drive = autocannonDriver((testCase) => [
  {
    method: 'GET',
    path: testCase.path,
    headers: testCase.encoding ? { 'accept-encoding': testCase.encoding } : {},
  },
]);

buildProject(productionApp.dir);
printHeading(options);
for (const group of GROUPS) await compareSideBySide(group, { ...options, start, drive });
