/**
 * Locating a refused request's start: the rules, and what they rely on from Node's own parser
 * checked against the Node version that runs the tests (its method table, and its private
 * `parser.duration()` telling whether it is between requests).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { idleBeforePacket, sampleParserIdle } from '../../src/runtime/http/custom-methods/parser-idle.js';
import { PARSER_METHOD_WORDS } from '../../src/runtime/http/custom-methods/parser-methods.js';
import { locateRequestStart } from '../../src/runtime/http/custom-methods/request-start.js';
import { listen, stopServer } from '../streams/helpers.js';

const at = (text: string, bytesParsed: number, idleBefore: boolean) =>
  locateRequestStart(Buffer.from(text, 'latin1'), bytesParsed, idleBefore);

describe('locateRequestStart', () => {
  it('takes the first byte of an idle read', () => {
    assert.deepEqual(at('CUSTOM / HTTP/1.1\r\n', 1, true), { certain: true, offset: 0 });
    assert.deepEqual(at('get / HTTP/1.1\r\n', 0, true), { certain: true, offset: 0 });
  });

  it('never trusts a read that began inside a request', () => {
    // Before the fix, a refusal at byte 0 searched for a line break from the end of the read.
    assert.deepEqual(at('GET /me HTTP/1.1\r\nHost: a\r\n\r\n', 0, false), { certain: false });
    assert.deepEqual(at('USTOM / HTTP/1.1\r\n', 0, false), { certain: false });
  });

  it('finds a pipelined request after the end of the one before it', () => {
    const packet = 'GET / HTTP/1.1\r\nHost: x\r\n\r\nCUSTOM / HTTP/1.1\r\n';
    assert.deepEqual(at(packet, 28, false), { certain: true, offset: 27 });
    assert.deepEqual(at('\r\nCUSTOM / HTTP/1.1\r\n', 3, true), { certain: true, offset: 2 });
  });

  it('refuses when more than one start fits the bytes', () => {
    // A body ending in 'xSUB', then 'SX': the method is 'SX' or 'SUBSX' (SUBS starts SUBSCRIBE).
    assert.deepEqual(at('xSUBSX / HTTP/1.1\r\n', 5, false), { certain: false });
    // Body 'ABC', then 'CUSTOM': only 'C' starts a method word.
    assert.deepEqual(at('xABCCUSTOM / HTTP/1.1\r\n', 5, false), { certain: true, offset: 4 });
  });

  it('refuses an idle read whose refusal does not fit a start at its first byte', () => {
    assert.deepEqual(at('CUSTOM / HTTP/1.1\r\n', 3, true), { certain: false });
    assert.deepEqual(at('CUSTOM', 6, true), { certain: false });
  });
});

describe("the method table matches Node's parser", () => {
  let server: http.Server;
  let port: number;
  const refusals: { code?: string; bytesParsed?: number }[] = [];
  before(async () => {
    server = http.createServer((_req, res) => res.end());
    server.on('clientError', (error: { code?: string; bytesParsed?: number }, socket: net.Socket) => {
      refusals.push(error);
      socket.destroy();
    });
    port = await listen(server);
  });
  after(() => stopServer(server));

  async function refusedAt(bytes: string): Promise<{ code?: string; bytesParsed?: number }> {
    const count = refusals.length;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(bytes);
    await once(socket, 'close');
    assert.equal(refusals.length, count + 1, `no refusal for ${JSON.stringify(bytes)}`);
    return refusals.at(-1)!;
  }

  it('accepts every word of the table whole, and refuses the byte after it', async () => {
    for (const word of PARSER_METHOD_WORDS) {
      const refusal = await refusedAt(`${word}@ / HTTP/1.1\r\n\r\n`);
      assert.deepEqual([word, refusal.code, refusal.bytesParsed], [word, 'HPE_INVALID_METHOD', word.length]);
    }
  });

  it('refuses the first byte that leaves the table', async () => {
    const probes: [string, number][] = [
      ['CUSTOM', 1],
      ['BREW', 1],
      ['XYZ', 0],
      ['MKCZ', 3],
      ['get', 0],
    ];
    for (const [method, expected] of probes) {
      const refusal = await refusedAt(`${method} / HTTP/1.1\r\n\r\n`);
      assert.deepEqual([method, refusal.bytesParsed], [method, expected]);
    }
  });
});

describe("Node's parser tells when it is between requests", () => {
  let server: http.Server;
  let port: number;
  const seen: boolean[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      // Sampled as svc samples it: once the request was read to its end.
      req.on('end', () => {
        sampleParserIdle(req.socket);
        // An empty "next read": idle exactly when nothing of another request was consumed.
        seen.push(idleBeforePacket(req.socket, Buffer.alloc(0)));
      });
      req.resume();
      res.end();
    });
    port = await listen(server);
  });
  after(() => stopServer(server));

  async function idleAfter(bytes: string): Promise<boolean> {
    const count = seen.length;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('data', () => socket.end());
    socket.write(bytes);
    await once(socket, 'close');
    assert.equal(seen.length, count + 1, `no request ended for ${JSON.stringify(bytes)}`);
    return seen.at(-1)!;
  }

  it('idle after a request read to its end, not once a method prefix after it was read', async () => {
    const request = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi';
    const outcomes: [string, boolean][] = [];
    for (const after of ['', '\r\n', 'A', 'GET', 'MK', '\r\nC']) {
      outcomes.push([after, await idleAfter(request + after)]);
    }
    assert.deepEqual(outcomes, [
      ['', true],
      ['\r\n', true],
      ['A', false],
      ['GET', false],
      ['MK', false],
      ['\r\nC', false],
    ]);
  });
});
