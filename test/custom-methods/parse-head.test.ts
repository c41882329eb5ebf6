import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headersObject, parseRequestHead } from '../../src/runtime/http/custom-methods/parse-head.js';

const parse = (text: string) => parseRequestHead(Buffer.from(text, 'latin1'));

describe('custom-method request head parser', () => {
  it('parses the request line and raw headers, and finds the body', () => {
    assert.deepEqual(parse('CUSTOM /a?b=1 HTTP/1.1\r\nHost: x\r\nX-Y:  z \r\n\r\nbody'), {
      state: 'complete',
      head: {
        method: 'CUSTOM',
        url: '/a?b=1',
        httpVersionMajor: 1,
        httpVersionMinor: 1,
        rawHeaders: ['Host', 'x', 'X-Y', 'z'],
      },
      bodyOffset: 45,
    });
  });

  it('takes an absolute-form target as sent (the request handler routes on its path)', () => {
    for (const url of ['http://x/a?b=1', 'HTTPS://x:8443/a', 'http://x', 'http://x?b=1']) {
      const parsed = parse(`CUSTOM ${url} HTTP/1.1\r\nHost: x\r\n\r\n`);
      assert.equal(parsed.state === 'complete' && parsed.head.url, url);
    }
  });

  it('waits for the blank line', () => {
    assert.deepEqual(parse('CUSTOM / HTTP/1.1\r\nHost: x\r\n'), { state: 'incomplete' });
  });

  it('rejects malformed heads', () => {
    for (const text of [
      'CUSTOM /\r\n\r\n',
      'CUSTOM  / HTTP/1.1\r\n\r\n',
      'CUSTOM ftp://x/ HTTP/1.1\r\n\r\n',
      'CUSTOM x/y HTTP/1.1\r\n\r\n',
      'CUSTOM http:/x HTTP/1.1\r\n\r\n',
      'CUSTOM / HTTP/2.0\r\n\r\n',
      'CU(STOM / HTTP/1.1\r\n\r\n',
      'CUSTOM / HTTP/1.1\r\nNo-Colon\r\n\r\n',
      'CUSTOM / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n',
      'CUSTOM / HTTP/1.1\r\nBad Name: b\r\n\r\n',
      'CUSTOM / HTTP/1.1\r\nA: b\x01\r\n\r\n',
    ]) {
      assert.equal(parse(text).state, 'invalid', JSON.stringify(text));
    }
  });

  it("builds Node's headers object", () => {
    assert.deepEqual(
      {
        ...headersObject([
          'Set-Cookie',
          'a',
          'set-cookie',
          'b',
          'Cookie',
          'x=1',
          'cookie',
          'y=2',
          'Host',
          'h',
          'host',
          'i',
          'Accept',
          'a',
          'accept',
          'b',
        ]),
      },
      { 'set-cookie': ['a', 'b'], cookie: 'x=1; y=2', host: 'h', accept: 'a, b' },
    );
  });

  it('refuses bare LF and lone CR line endings at once', () => {
    assert.deepEqual(parse('CUSTOM / HTTP/1.1\nHost: x\n\n'), {
      state: 'invalid',
      reason: 'a line ends with a bare LF',
    });
    assert.deepEqual(parse('CUSTOM / HTTP/1.1\r\nHost: x\rY'), {
      state: 'invalid',
      reason: 'a CR is not followed by LF',
    });
    assert.deepEqual(parse('CUSTOM / HTTP/1.1\r'), { state: 'incomplete' });
  });

  it('refuses a method that is a token but not an upper-case method name', () => {
    assert.deepEqual(parse('get / HTTP/1.1\r\nHost: x\r\n\r\n'), {
      state: 'invalid',
      reason: "invalid method 'get'",
    });
  });
});
