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
import { buildProject, repoDir } from './production/measure.mjs';
import {
  compareSideBySide,
  costOptions,
  printHeading,
  productionApp,
  startOnPort,
} from './production/side-by-side.mjs';

const generator = join(repoDir, 'bench', 'tls', 'load.mjs');
/** The generator in a process of its own; resolves with its counts. */
function loadTls(options) {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [generator, JSON.stringify(options)], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    ),
  );
}

const options = costOptions();

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

const start = (testCase) =>
  startOnPort([productionApp.server, JSON.stringify({ requestLog: false, ...testCase.options })]);
/** Each case driven by its own generator process; `ok` answers counted, anything else fails. */
async function drive(state, testCase, seconds) {
  const result = await loadTls({
    protocol: testCase.protocol,
    port: state.port,
    path: '/hello',
    seconds,
    ca,
  });
  return {
    ok: result.ok,
    failed: result.errors + result.other > 0,
    failures: `${result.errors} errors, ${result.other} other answers`,
  };
}

buildProject(productionApp.dir);
printHeading(options);
try {
  await compareSideBySide(CASES, { ...options, start, drive });
} finally {
  rmSync(certDir, { recursive: true, force: true });
}
