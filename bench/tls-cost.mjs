// What TLS and HTTP/2 cost a request, in requests per CPU second of the server process (CPU
// time from /proc, so the load generator and other processes do not count). Not part of npm
// test. `node bench/tls-cost.mjs [--seconds 5] [--rounds 3]` (after `npm run build`; needs openssl).
//
// The hello route ({"hello":"world"}, request log off), its server run four ways side by side,
// each driven by its own generator process (tls/load.mjs: 25 requests outstanding), so a change
// of machine load hits them alike; the ratio to the first is the cost:
// - plain HTTP/1.1 (no tls option: today's default path);
// - HTTPS, HTTP/1.1 clients, on the HTTP/2 server's fallback (the `tls` option's default);
// - HTTPS, HTTP/1.1, `http2: false` (node:https);
// - HTTP/2: the 25 requests as streams over 5 connections.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildProject,
  cpuSeconds,
  loadAverage,
  repoDir,
  startServer,
  stopServer,
} from './production/measure.mjs';

const generator = join(repoDir, 'bench', 'tls', 'load.mjs');
/** The generator in a process of its own; resolves with its counts. */
function loadTls(options) {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [generator, JSON.stringify(options)], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    ),
  );
}

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const appDir = join(repoDir, 'bench', 'production', 'app');
const server = join(repoDir, 'bench', 'production', 'server.mjs');

const certDir = mkdtempSync(join(tmpdir(), 'svc-bench-tls-'));
const key = join(certDir, 'key.pem');
const cert = join(certDir, 'cert.pem');
execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
  ],
  { stdio: 'pipe' },
);
const ca = readFileSync(cert, 'utf8');

const CASES = [
  { name: 'plain HTTP/1.1', protocol: 'http', options: {} },
  { name: 'HTTPS, HTTP/1.1 (HTTP/2 server fallback)', protocol: 'https', options: { tls: { key, cert } } },
  { name: 'HTTPS, HTTP/1.1, http2: false', protocol: 'https', options: { tls: { key, cert, http2: false } } },
  { name: 'HTTP/2 (5 connections)', protocol: 'h2', options: { tls: { key, cert } } },
];

async function runRound() {
  const running = await Promise.all(
    CASES.map((testCase) =>
      startServer([server, JSON.stringify({ requestLog: false, ...testCase.options })], /port (\d+)/),
    ),
  );
  const drive = (state, i, secs) =>
    loadTls({ protocol: CASES[i].protocol, port: state.port, path: '/hello', seconds: secs, ca });
  await Promise.all(running.map((state, i) => drive(state, i, 2)));
  const before = running.map((state) => cpuSeconds(state.child.pid));
  const results = await Promise.all(running.map((state, i) => drive(state, i, seconds)));
  const cpu = running.map((state, i) => cpuSeconds(state.child.pid) - before[i]);
  const loadNow = loadAverage().split(' ')[0];
  await Promise.all(running.map((state) => stopServer(state)));
  return results.map((result, i) => {
    if (result.errors || result.other)
      throw new Error(`${CASES[i].name}: ${result.errors} errors, ${result.other} other answers`);
    return { perCpuSecond: result.ok / cpu[i], load: loadNow };
  });
}

buildProject(appDir);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`requests per server CPU second, side by side (median of ${rounds} × ${seconds} s)`);
const rows = CASES.map(() => []);
const loads = [];
try {
  for (let round = 0; round < rounds; round++) {
    const figures = await runRound();
    figures.forEach((figure, i) => rows[i].push(figure.perCpuSecond));
    loads.push(figures[0].load);
  }
} finally {
  rmSync(certDir, { recursive: true, force: true });
}
const ratios = rows.map((row) => median(row.map((value, round) => value / rows[0][round])));
CASES.forEach((testCase, i) => {
  const perCpu = Math.round(median(rows[i]));
  console.log(
    `${testCase.name.padEnd(42)} ${String(perCpu).padStart(7)} req/CPU-s  ×${ratios[i].toFixed(2)}`,
  );
});
console.log(`  load average (1 min) at each round: ${loads.join(', ')}`);
