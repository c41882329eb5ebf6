// The harness of the cost benches (production-, health-, telemetry-, rate-limit- and tls-cost):
// every case's server is started and loaded at the same time, so a change of machine load hits
// them alike, and each is measured in requests per CPU second of its own process (from /proc).
// The ratio to a group's first case is what the case costs.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuSeconds, load, loadAverage, repoDir, startServer, stopServer } from './measure.mjs';

/** `--seconds` (measured, default 5) and `--rounds` (default 3) from the command line. */
export function costOptions() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
  });
  return { seconds: Number(values.seconds), rounds: Number(values.rounds) };
}

/** The production bench app and its server script (`server.mjs <options JSON>`). */
export const productionApp = {
  dir: join(repoDir, 'bench', 'production', 'app'),
  server: join(repoDir, 'bench', 'production', 'server.mjs'),
};

/** Starts `node <args>` and waits for its "port N" line. */
export const startOnPort = (args, env) => startServer(args, /port (\d+)/, env);

const CONNECTIONS = 25;

/** The usual driver: autocannon with the case's requests; counts answers and failures. */
export function autocannonDriver(requestsOf) {
  return async (state, testCase, seconds) => {
    const result = await load({
      port: state.port,
      requests: requestsOf(testCase),
      seconds,
      connections: CONNECTIONS,
    });
    return {
      ok: result.total,
      failures: `${result.errors} errors, ${result.non2xx} non-2xx`,
      failed: result.errors + result.non2xx > 0,
    };
  };
}

/**
 * One round: starts every case, drives all at once for 2 s (unmeasured), then for `seconds`
 * measured, and stops them. Gives each case's requests per server CPU second.
 */
async function runRound(cases, { seconds, start, drive }) {
  const states = await Promise.all(cases.map(start));
  await Promise.all(states.map((state, i) => drive(state, cases[i], 2)));
  const before = states.map((state) => cpuSeconds(state.child.pid));
  const results = await Promise.all(states.map((state, i) => drive(state, cases[i], seconds)));
  const cpu = states.map((state, i) => cpuSeconds(state.child.pid) - before[i]);
  const loadNow = loadAverage().split(' ')[0];
  await Promise.all(states.map((state) => stopServer(state)));
  return results.map((result, i) => {
    if (result.failed) throw new Error(`${cases[i].name}: ${result.failures}`);
    return { perCpuSecond: result.ok / cpu[i], load: loadNow, logLines: states[i].logLines };
  });
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * Runs `rounds` rounds of one group of cases side by side and prints each case's median requests
 * per server CPU second and its median ratio to the first case; `note(i, rounds)` adds a column.
 */
export async function compareSideBySide(cases, { seconds, rounds, start, drive, note }) {
  const rows = cases.map(() => []);
  const roundsSeen = [];
  for (let round = 0; round < rounds; round++)
    roundsSeen.push(await runRound(cases, { seconds, start, drive }));
  roundsSeen.forEach((figures) => figures.forEach((figure, i) => rows[i].push(figure.perCpuSecond)));
  const width = Math.max(...cases.map((testCase) => testCase.name.length)) + 2;
  cases.forEach((testCase, i) => {
    const ratio = median(rows[i].map((value, round) => value / rows[0][round]));
    const perCpu = String(Math.round(median(rows[i]))).padStart(7);
    const extra = note ? `  ${note(i, roundsSeen)}` : '';
    console.log(`${testCase.name.padEnd(width)}${perCpu} req/CPU-s  ×${ratio.toFixed(2)}${extra}`);
  });
  console.log(`  load average (1 min) at each round: ${roundsSeen.map((f) => f[0].load).join(', ')}`);
}

/** The heading line every cost bench prints first. */
export const printHeading = ({ seconds, rounds }) =>
  console.log(`requests per server CPU second, cases side by side (median of ${rounds} × ${seconds} s)`);
