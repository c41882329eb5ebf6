/**
 * `svc start --tls-key --tls-cert` (the built CLI, a real server process that never loads
 * typescript): it says https://, answers HTTP/2 and HTTP/1.1 on the port, and SIGTERM with an
 * HTTP/2 session open still shuts down within the grace period and exits 0. Also with
 * `--workers 2`, and a flag without its pair is a usage error.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  runCli,
  RunningCli,
  waitForListening,
} from '../cli/helpers.js';
import { h2Request, h2Session, httpsGet, makeCertificate } from './helpers.js';

const certificate = makeCertificate();
let root: string;
const running: RunningCli[] = [];

before(async () => {
  root = makeProject();
  // A generous bound: on a loaded machine the build (analysis, type check, emit) is slow.
  const build = await runCli(['build'], root, 180_000);
  assert.equal(build.code, 0, build.stderr);
});
after(async () => {
  await Promise.all(running.map((cli) => cli.stop()));
  removeProject(root);
  certificate.remove();
});

function start(extra: string[] = []): RunningCli {
  const flags = ['--tls-key', certificate.keyFile, '--tls-cert', certificate.certFile];
  const cli = new RunningCli(
    ['start', '--host', '127.0.0.1', '--port', '0', ...flags, ...extra],
    root,
    FORBID_TYPESCRIPT,
  );
  running.push(cli);
  return cli;
}

for (const workers of [[], ['--workers', '2']]) {
  test(`svc start${workers.map((flag) => ` ${flag}`).join('')} --tls-key --tls-cert: HTTPS and HTTP/2, then SIGTERM with a session open`, async () => {
    const cli = start(workers);
    const url = await waitForListening(cli);
    assert.match(url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const base = url.replace('127.0.0.1', 'localhost');
    const session = await h2Session(base, certificate.ca);
    const books = await h2Request(session, { ':path': '/api/books' });
    assert.deepEqual([books.status, JSON.parse(books.text)], [200, [{ id: '1', title: 'Dune' }]]);
    const http1 = await httpsGet(`${base}/api/books/1`, certificate.ca);
    assert.deepEqual([http1.status, http1.httpVersion], [200, '1.1']);
    // The session stays open: the shutdown sends it GOAWAY instead of waiting for the client.
    assert.equal(await cli.stop(), 0);
    assert.match(
      cli.output,
      /svc: shutdown on SIGTERM: stopped accepting; 0 in-flight request\(s\) finished, 0 cut/,
    );
    assert.doesNotMatch(cli.output, /typescript must not be loaded/);
    assert.equal(session.closed || session.destroyed, true);
  });
}

test('svc start --tls-key without --tls-cert is a usage error (exit 2)', async () => {
  const result = await runCli(['start', '--tls-key', certificate.keyFile], root);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /^svc: --tls-key and --tls-cert go together: give both files\n/);
});

test('svc start with a key file that does not exist says so and exits 1', async () => {
  const result = await runCli(
    ['start', '--port', '0', '--tls-key', 'nope.pem', '--tls-cert', certificate.certFile],
    root,
  );
  assert.equal(result.code, 1);
  assert.match(result.stderr, /cannot read the TLS key file \S+nope\.pem \(given in SVC_TLS_KEY\): ENOENT/);
  assert.match(result.stderr, /\[SVC_ERR_TLS_CREDENTIALS\]/);
});
