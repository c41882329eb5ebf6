// What the health endpoints cost the app's own requests, and what a probe costs, in requests per
// CPU second of the server process (CPU time from /proc). Not part of npm test.
// `node bench/health-cost.mjs [--seconds 5] [--rounds 3]` (after `npm run build`).
//
// The endpoints are on by default: two more static routes, and a look at each request log line's
// path so probes write none. Each group runs `health: false` (the app as before them) beside the
// default, side by side, so machine load hits both alike; the ratio is the cost.
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

/** Loads every case of the group at once; gives each one's requests per server CPU second. */
async function runGroup(group) {
  const running = await Promise.all(
    group.map(async (testCase) => ({
      state: await startServer([server, JSON.stringify(testCase.options)], /port (\d+)/),
      requests: [{ method: 'GET', path: testCase.path }],
    })),
  );
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
  const logLines = running.map((r) => r.state.logLines);
  await Promise.all(running.map((r) => stopServer(r.state)));
  return results.map((result, i) => {
    if (result.errors || result.non2xx)
      throw new Error(`${group[i].name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return { perCpuSecond: result.total / cpu[i], load: loadNow, logLines: logLines[i] };
  });
}

buildProject(appDir);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  `requests per server CPU second, cases of a group side by side (median of ${rounds} × ${seconds} s)`,
);
for (const group of GROUPS) {
  const rows = group.map(() => []);
  const lines = group.map(() => 0);
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    const figures = await runGroup(group);
    figures.forEach((figure, i) => {
      rows[i].push(figure.perCpuSecond);
      lines[i] += figure.logLines;
    });
    loads.push(figures[0].load);
  }
  const ratios = rows.map((row) => median(row.map((value, round) => value / rows[0][round])));
  group.forEach((testCase, i) => {
    const perCpu = Math.round(median(rows[i]));
    console.log(
      `${testCase.name.padEnd(32)} ${String(perCpu).padStart(7)} req/CPU-s  ×${ratios[i].toFixed(2)}  (${lines[i]} log lines)`,
    );
  });
  console.log(`  load average (1 min) at each round: ${loads.join(', ')}`);
}
