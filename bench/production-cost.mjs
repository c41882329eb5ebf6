// The cost of the request log and of compression, in requests per CPU second of the server
// process (CPU time from /proc, so the load generator and other processes do not count).
// Not part of npm test. `node bench/production-cost.mjs [--seconds 5] [--rounds 3]`.
//
// hello: {"hello":"world"} (too small to compress) with the request log off and on;
// list:  100 items (~4.5 KB JSON) with gzip accepted and compression off, then gzip and br
//        compressed. The log is off in the list cases, so each ratio isolates one cost.
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

async function startCase(testCase) {
  const state = await startServer([server, JSON.stringify(testCase.options)], /port (\d+)/);
  const headers = testCase.encoding ? { 'accept-encoding': testCase.encoding } : {};
  return { state, requests: [{ method: 'GET', path: testCase.path, headers }] };
}

/** Loads every case of the group at once; gives each one's requests per server CPU second. */
async function runGroup(group) {
  const running = await Promise.all(group.map(startCase));
  const connections = 25;
  await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds: 2, connections })),
  );
  const before = running.map((r) => cpuSeconds(r.state.child.pid));
  const results = await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds, connections })),
  );
  const cpu = running.map((r, i) => cpuSeconds(r.state.child.pid) - before[i]);
  const loadNow = loadAverage().split(' ')[0];
  await Promise.all(running.map((r) => stopServer(r.state)));
  return results.map((result, i) => {
    if (result.errors || result.non2xx)
      throw new Error(`${group[i].name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return { perCpuSecond: result.total / cpu[i], load: loadNow };
  });
}

buildProject(appDir);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  `requests per server CPU second, cases of a group side by side (median of ${rounds} × ${seconds} s)`,
);
for (const group of GROUPS) {
  const rows = group.map(() => []);
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    const figures = await runGroup(group);
    figures.forEach((figure, i) => rows[i].push(figure.perCpuSecond));
    loads.push(figures[0].load);
  }
  const ratios = rows.map((row) => median(row.map((value, round) => value / rows[0][round])));
  group.forEach((testCase, i) => {
    const perCpu = Math.round(median(rows[i]));
    console.log(
      `${testCase.name.padEnd(40)} ${String(perCpu).padStart(7)} req/CPU-s  ×${ratios[i].toFixed(2)}`,
    );
  });
  console.log(`  load average (1 min) at each round: ${loads.join(', ')}`);
}
