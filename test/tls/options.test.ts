/**
 * The `tls` option: where the key and certificate may come from (createApp paths, PEM text or
 * bytes; SVC_TLS_KEY / SVC_TLS_CERT; svc.config.json paths relative to the project root), what
 * stops start-up (named), `http2: false`, and the HTTP/2 settings a client is told.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CreateAppOptions, SvcApp } from '../../src/runtime/app-types.js';
import { invalidOptionReason } from '../../src/model/app-options.js';
import { createTestApp } from '../../src/testing/index.js';
import { h2Session, httpsGet, makeCertificate, readToClose, tlsSocket } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/tls', import.meta.url));
const certificate = makeCertificate();
const other = makeCertificate();
after(() => {
  certificate.remove();
  other.remove();
});

const files = { key: certificate.keyFile, cert: certificate.certFile };
/** For a test whose broken case waits for a connection that is never closed. */
const BOUNDED = { timeout: 60_000 };

async function served(
  options: Partial<CreateAppOptions>,
  projectRoot = root,
): Promise<{ app: SvcApp; url: string; port: number }> {
  const app = await createTestApp({ root: projectRoot, dev: false, log: false, ...options });
  const { url, port } = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, port };
}

/** The hello route over HTTPS (HTTP/1.1), trusting the test certificate. */
async function hello(port: number): Promise<number> {
  return (await httpsGet(`https://localhost:${port}/api/things/hello`, certificate.ca)).status;
}

/** createTestApp's rejection: the SvcError's code and message. */
async function startError(options: Partial<CreateAppOptions>): Promise<{ code: string; message: string }> {
  try {
    const app = await createTestApp({ root, dev: false, log: false, ...options });
    await app.close();
  } catch (error) {
    return error as { code: string; message: string };
  }
  assert.fail('the app started');
}

test('createApp: file paths, PEM text and PEM bytes all serve HTTPS', async () => {
  const givenAs = [
    files,
    { key: readFileSync(files.key, 'utf8'), cert: readFileSync(files.cert, 'utf8') },
    { key: readFileSync(files.key), cert: new Uint8Array(readFileSync(files.cert)) },
  ];
  for (const tls of givenAs) {
    const { app, url, port } = await served({ tls });
    assert.match(url, /^https:/);
    assert.equal(await hello(port), 200);
    await app.close();
  }
});

test('SVC_TLS_KEY and SVC_TLS_CERT (paths, or the PEM text) serve HTTPS; createApp tls: false wins over them', async () => {
  try {
    for (const [key, cert] of [
      [files.key, files.cert],
      [readFileSync(files.key, 'utf8'), readFileSync(files.cert, 'utf8')],
    ]) {
      process.env.SVC_TLS_KEY = key;
      process.env.SVC_TLS_CERT = cert;
      const secure = await served({});
      assert.match(secure.url, /^https:/);
      assert.equal(await hello(secure.port), 200);
      await secure.app.close();
    }
    const plain = await served({ tls: false });
    assert.match(plain.url, /^http:/);
    assert.equal((await fetch(`${plain.url}/api/things/hello`)).status, 200);
    await plain.app.close();
  } finally {
    delete process.env.SVC_TLS_KEY;
    delete process.env.SVC_TLS_CERT;
  }
});

test('a key file that does not exist stops start-up, named', async () => {
  const missing = join(certificate.dir, 'missing.pem');
  const error = await startError({ tls: { key: missing, cert: files.cert } });
  assert.equal(error.code, 'SVC_ERR_TLS_CREDENTIALS');
  assert.match(error.message, /^cannot read the TLS key file \S+missing\.pem \(given in createApp\): ENOENT/);
});

test('a key that is not the certificate’s stops start-up', async () => {
  const error = await startError({ tls: { key: other.keyFile, cert: files.cert } });
  assert.equal(error.code, 'SVC_ERR_TLS_CREDENTIALS');
  assert.match(
    error.message,
    /^the TLS key \(given in createApp\) and certificate \(given in createApp\) cannot be used together: /,
  );
});

test('an encrypted key stops start-up (svc takes no passphrase)', async () => {
  const encrypted = join(certificate.dir, 'encrypted.pem');
  execFileSync('openssl', [
    'pkey',
    '-in',
    files.key,
    '-aes256',
    '-passout',
    'pass:secret',
    '-out',
    encrypted,
  ]);
  const error = await startError({ tls: { key: encrypted, cert: files.cert } });
  assert.equal(error.code, 'SVC_ERR_TLS_CREDENTIALS');
  assert.match(error.message, /^the TLS key \(given in createApp\) is not an unencrypted PEM private key: /);
});

test('a certificate given as the key, and a key as the certificate, stop start-up', async () => {
  const notKey = await startError({ tls: { key: files.cert, cert: files.cert } });
  assert.equal(notKey.code, 'SVC_ERR_TLS_CREDENTIALS');
  assert.match(notKey.message, /^the TLS key \(given in createApp\) is not an unencrypted PEM private key: /);
  const notCert = await startError({ tls: { key: files.key, cert: files.key } });
  assert.match(notCert.message, /^the TLS certificate \(given in createApp\) is not a PEM certificate: /);
});

test('a key without a certificate (or the reverse) is an invalid option, naming where it came from', async () => {
  const keyOnly = await startError({ tls: { key: files.key } });
  assert.equal(keyOnly.code, 'SVC_ERR_INVALID_OPTION');
  assert.match(keyOnly.message, /^tls needs both a key and a certificate \(only one, in createApp\)/);
  process.env.SVC_TLS_CERT = files.cert;
  try {
    const certOnly = await startError({});
    assert.match(certOnly.message, /\(only one, in SVC_TLS_CERT\)/);
  } finally {
    delete process.env.SVC_TLS_CERT;
  }
});

test('an ill-typed tls option is refused by createApp', async () => {
  const error = await startError({ tls: { key: files.key, cert: files.cert, http2: 'yes' } as never });
  assert.equal(error.code, 'SVC_ERR_INVALID_OPTION');
  assert.match(error.message, /^createApp option 'tls' must be false or \{ key\?: a PEM file path/);
});

test('ALPN: h2 is chosen when offered; http2: false serves HTTP/1.1 only', async () => {
  const both = await served({ tls: files });
  const h2 = await tlsSocket(both.port, certificate.ca, ['h2', 'http/1.1']);
  assert.equal(h2.alpnProtocol, 'h2');
  h2.destroy();
  await both.app.close();
  const http1Only = await served({ tls: { ...files, http2: false } });
  const socket = await tlsSocket(http1Only.port, certificate.ca, ['h2', 'http/1.1']);
  assert.equal(socket.alpnProtocol, 'http/1.1');
  socket.end('GET /api/things/hello HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  assert.match(await readToClose(socket), /^HTTP\/1\.1 200 OK\r\n/);
  await http1Only.app.close();
});

test('HTTP/2 clients are told at most 100 concurrent streams', async () => {
  const { app, port } = await served({ tls: files });
  const session = await h2Session(`https://localhost:${port}`, certificate.ca);
  if (session.remoteSettings.maxConcurrentStreams === undefined) await once(session, 'remoteSettings');
  assert.equal(session.remoteSettings.maxConcurrentStreams, 100);
  session.close();
  await app.close();
});

test('HTTP/1.1 over TLS requires Host, as node:http does', BOUNDED, async () => {
  const { app, port } = await served({ tls: files });
  const socket = await tlsSocket(port, certificate.ca, ['http/1.1']);
  socket.write('GET /api/things/hello HTTP/1.1\r\n\r\n');
  assert.match(await readToClose(socket), /^HTTP\/1\.1 400 Bad Request\r\n/);
  await app.close();
});

test(
  'HTTP/1.1 over TLS: the server closes an idle keep-alive connection, as node:http does',
  BOUNDED,
  async () => {
    const { app, port } = await served({ tls: files });
    const socket = await tlsSocket(port, certificate.ca, ['http/1.1']);
    const closed = readToClose(socket);
    socket.write('GET /api/things/hello HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // One answer, kept alive, and then the server's keep-alive timeout closes the connection.
    const text = await closed;
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(text, /\r\nConnection: keep-alive\r\n/);
    await app.close();
  },
);

test('svc.config.json: key and certificate paths relative to the project root', async () => {
  const project = mkdtempSync(join(tmpdir(), 'svc-tls-project-'));
  try {
    cpSync(join(root, 'src'), join(project, 'src'), { recursive: true });
    const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    tsconfig.compilerOptions.paths.svcjs = [fileURLToPath(new URL('../../src/index.ts', import.meta.url))];
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    mkdirSync(join(project, 'certs'));
    cpSync(files.key, join(project, 'certs', 'key.pem'));
    cpSync(files.cert, join(project, 'certs', 'cert.pem'));
    const app = { tls: { key: 'certs/key.pem', cert: 'certs/cert.pem', http2: false } };
    writeFileSync(join(project, 'svc.config.json'), JSON.stringify({ app }));
    const { app: served1, url, port } = await served({}, project);
    assert.match(url, /^https:/);
    const answer = await httpsGet(`https://localhost:${port}/api/things/hello`, certificate.ca, {
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    assert.deepEqual([answer.status, answer.alpn], [200, 'http/1.1']);
    await served1.close();
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('@App and svc.config.json take file paths only: PEM text there would put the key in the app model', () => {
  const pem = readFileSync(files.key, 'utf8');
  assert.equal(
    invalidOptionReason('tls', { key: pem, cert: files.cert }, false),
    'a key or certificate as PEM text or bytes can only be given to createApp',
  );
  assert.equal(invalidOptionReason('tls', { key: pem, cert: files.cert }, true), undefined);
  assert.equal(invalidOptionReason('tls', { key: 'k.pem', cert: 'c.pem', http2: false }, false), undefined);
  assert.match(String(invalidOptionReason('tls', { key: 'k.pem', ca: 'x' }, false)), /^must be/);
});
