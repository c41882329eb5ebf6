// The cost of the request log and of compression, in requests per CPU second of the server
// process (CPU time from /proc, so the load generator and other processes do not count).
// Not part of npm test. `node bench/production-cost.mjs [--seconds 5] [--rounds 3]`.
//
// hello: {"hello":"world"} (too small to compress) with the request log off and on.
// list:  100 items (~4.5 KB JSON) without Accept-Encoding, and with gzip / br accepted,
//        compression on and off. The log is off in the list cases, so each figure isolates one cost.
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

const CASES = [
  { name: 'hello, log off', path: '/hello', options: { requestLog: false } },
  { name: 'hello, log on (JSON lines to a pipe)', path: '/hello', options: { requestLog: true } },
  { name: 'list, no Accept-Encoding', path: '/items', options: { requestLog: false } },
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
];

async function runCase(testCase) {
  const state = await startServer([server, JSON.stringify(testCase.options)], /port (\d+)/);
  const headers = testCase.encoding ? { 'accept-encoding': testCase.encoding } : {};
  const requests = [{ method: 'GET', path: testCase.path, headers }];
  await load({ port: state.port, requests, seconds: 2 }); // warm-up, not measured
  const before = cpuSeconds(state.child.pid);
  const result = await load({ port: state.port, requests, seconds });
  const cpu = cpuSeconds(state.child.pid) - before;
  await stopServer(state);
  if (result.errors || result.non2xx)
    throw new Error(`${testCase.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { perCpuSecond: result.total / cpu, rps: result.rps, load: loadAverage() };
}

buildProject(appDir);
const figures = new Map(CASES.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  // Alternating cases within a round, so a change of machine load hits all of them alike.
  for (const testCase of CASES) figures.get(testCase.name).push(await runCase(testCase));
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  `requests per CPU second of the server (median of ${rounds} × ${seconds} s; load average at each run)`,
);
for (const testCase of CASES) {
  const runs = figures.get(testCase.name);
  const perCpu = median(runs.map((r) => r.perCpuSecond));
  const rps = median(runs.map((r) => r.rps));
  console.log(
    `${testCase.name.padEnd(42)} ${Math.round(perCpu).toString().padStart(7)} req/CPU-s ${Math.round(rps).toString().padStart(7)} req/s   load: ${runs.map((r) => r.load.split(' ')[0]).join(', ')}`,
  );
}
