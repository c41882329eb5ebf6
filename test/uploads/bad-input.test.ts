/**
 * Bad multipart input over raw sockets: each gets its 4xx problem with its SVC_ERR_* code, leaves
 * no temporary file behind (the directory is counted before and after), and the server goes on
 * serving. Files above 1 KiB go to disk here, so every refused upload has something to remove.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { serveFixture } from '../support/served-fixture.js';
import {
  BOUNDARY,
  emptied,
  filled,
  entries,
  freshTempDir,
  multipart,
  MULTIPART_TYPE,
  ROOT,
  type Part,
} from './helpers.js';

const tempDir = freshTempDir();
const served = serveFixture(ROOT, { uploads: { tempDir, memoryThreshold: 1024 } });

interface RawAnswer {
  status: number;
  head: string;
  body: Record<string, unknown>;
}

/** Sends the request as bytes and reads the answer until the server ends it. */
function send(path: string, type: string, body: Buffer, length = body.length): Promise<RawAnswer> {
  const { port } = new URL(served.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      resolve({ status: Number(head.split(' ')[1]), head, body: JSON.parse(text.slice(split + 4)) });
      socket.end();
    });
    socket.write(
      `POST /api${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`,
    );
    socket.write(body);
  });
}

/** The code of a problem answer, after checking its shape. */
function codeOf(answer: RawAnswer): string {
  assert.match(answer.head, /content-type: application\/problem\+json/i);
  assert.equal(answer.body.status, answer.status);
  assert.equal(typeof answer.body.detail, 'string');
  assert.ok(!String(answer.body.detail).includes('    at '), 'no stack trace');
  return String(answer.body.type).replace('urn:svc:error:', '');
}

/** Runs one bad upload: the directory is empty before and after, and the server still answers. */
async function refused(path: string, type: string, body: Buffer, length?: number): Promise<RawAnswer> {
  assert.deepEqual(entries(tempDir), []);
  const answer = await send(path, type, body, length);
  assert.deepEqual(entries(tempDir), [], 'no temporary file is left when the answer arrives');
  assert.equal((await fetch(`${served.base}/api/documents`)).status, 200);
  return answer;
}

const title: Part = { name: 'title', value: 'T' };
const bigFile = (size: number): Part => ({ name: 'file', value: randomBytes(size), filename: 'big.bin' });

describe('bad multipart input', () => {
  it('a file over its @maxSize: 413 naming the field, connection closed', async () => {
    const answer = await refused('/documents', MULTIPART_TYPE, multipart([title, bigFile(100 * 1024)]));
    assert.equal(answer.status, 413);
    assert.equal(codeOf(answer), 'SVC_ERR_FILE_TOO_LARGE');
    assert.match(String(answer.body.detail), /field 'file'/);
    assert.match(answer.head, /connection: close/i);
  });

  it('a body cut short inside a file part: 400 SVC_ERR_MALFORMED_MULTIPART', async () => {
    const whole = multipart([title, bigFile(20 * 1024)]);
    const cut = whole.subarray(0, whole.length - 5000);
    const answer = await refused('/documents', MULTIPART_TYPE, cut);
    assert.equal(answer.status, 400);
    assert.equal(codeOf(answer), 'SVC_ERR_MALFORMED_MULTIPART');
  });

  it('no boundary: 400 SVC_ERR_MALFORMED_MULTIPART', async () => {
    const answer = await refused('/documents', 'multipart/form-data', multipart([title]));
    assert.equal(answer.status, 400);
    assert.equal(codeOf(answer), 'SVC_ERR_MALFORMED_MULTIPART');
  });

  it('garbage where the parts should be: 400 SVC_ERR_MALFORMED_MULTIPART', async () => {
    const answer = await refused('/documents', MULTIPART_TYPE, Buffer.from('no parts at all, just text'));
    assert.equal(answer.status, 400);
    assert.equal(codeOf(answer), 'SVC_ERR_MALFORMED_MULTIPART');
  });

  it('another media type than multipart: 415', async () => {
    const answer = await refused('/documents', 'application/json', Buffer.from('{"title":"T"}'));
    assert.equal(answer.status, 415);
    assert.equal(codeOf(answer), 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE');
  });

  it('more files than uploads.files (10): 413 SVC_ERR_TOO_MANY_PARTS', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: 'attachments',
      value: randomBytes(2048),
      filename: `${i}.bin`,
    }));
    const answer = await refused('/documents', MULTIPART_TYPE, multipart([title, bigFile(2048), ...files]));
    assert.equal(answer.status, 413);
    assert.equal(codeOf(answer), 'SVC_ERR_TOO_MANY_PARTS');
  });

  it('more text fields than uploads.fields (100): 413 SVC_ERR_TOO_MANY_PARTS', async () => {
    const fields = Array.from({ length: 101 }, () => ({ name: 'tags', value: 'x' }));
    const answer = await refused('/documents', MULTIPART_TYPE, multipart([bigFile(2048), ...fields]));
    assert.equal(answer.status, 413);
    assert.equal(codeOf(answer), 'SVC_ERR_TOO_MANY_PARTS');
  });

  it('a text field over uploads.fieldSize (64 KiB): 413 SVC_ERR_FIELD_TOO_LARGE naming it', async () => {
    const long = { name: 'title', value: 'x'.repeat(65 * 1024) };
    const answer = await refused('/documents', MULTIPART_TYPE, multipart([bigFile(2048), long]));
    assert.equal(answer.status, 413);
    assert.equal(codeOf(answer), 'SVC_ERR_FIELD_TOO_LARGE');
    assert.match(String(answer.body.detail), /'title'/);
  });

  it('a part of a media type its @contentMediaType refuses: 415 naming the field', async () => {
    const photo = { name: 'photo', value: randomBytes(4096), filename: 'a.png', type: 'text/plain' };
    const answer = await refused('/documents/photos', MULTIPART_TYPE, multipart([photo]));
    assert.equal(answer.status, 415);
    assert.equal(codeOf(answer), 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE');
    assert.match(String(answer.body.detail), /field 'photo'/);
  });

  it('a filename with ../, NUL or 10 KB of characters is data, never a path', async () => {
    for (const filename of ['../../etc/passwd', 'a\u0000b.png', 'n'.repeat(10_000)]) {
      const photo = { name: 'photo', value: randomBytes(4096), filename, type: 'image/png' };
      const response = await fetch(`${served.base}/api/documents/photos`, {
        method: 'POST',
        headers: { 'content-type': MULTIPART_TYPE },
        body: multipart([photo]),
      });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { name: string }).name, filename);
      await emptied(tempDir);
    }
  });

  it('a client that goes away mid-upload: its temporary file is removed', async () => {
    const { port } = new URL(served.base);
    const socket = connect(Number(port), '127.0.0.1');
    const start = multipart([title, bigFile(64 * 1024)]).subarray(0, 32 * 1024);
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 200000\r\n\r\n`,
    );
    socket.write(start);
    await filled(tempDir);
    socket.destroy();
    await emptied(tempDir);
    assert.equal((await fetch(`${served.base}/api/documents`)).status, 200);
  });
});
