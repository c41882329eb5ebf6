/**
 * A stream answer whose source fails after the head is on the wire: the client sees the answer
 * cut (no terminating chunk, the connection closed), and the app logs the failure once, with the
 * request id, through its logger. A client that leaves mid-stream is no failure of the app's.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { FIRST_CHUNK, transferEvents } from '../fixtures/apps/transfers/src/events.js';
import { rawGet } from './files-app.js';
import { rawExchange, serveTransfers, type RawExchange } from './transfers-app.js';

/** The chunked encoding of one chunk, as the wire carries it. */
const chunk = (text: string): string => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
const LAST_CHUNK = '0\r\n\r\n';

/** GETs a failing stream and, once its first chunk has come, has its source fail. */
function cutAnswer(base: string, path: string): Promise<RawExchange> {
  let broken = false;
  return rawExchange(base, [`GET /api/transfers/${path} HTTP/1.1\r\nHost: x\r\n\r\n`], (text) => {
    if (broken || !text.includes(chunk(FIRST_CHUNK))) return;
    broken = true;
    transferEvents().emit('break');
  });
}

describe('a stream that fails mid-answer', () => {
  const served = serveTransfers();

  for (const [path, handler, message] of [
    ['failing-web', 'failingWeb', 'the web source broke'],
    ['failing-node', 'failingNode', 'the node source broke'],
  ] as const) {
    it(`${path}: the client sees the answer cut, the app logs it once with the request id`, async () => {
      served.logs.length = 0;
      const reply = await cutAnswer(served.base, path);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['transfer-encoding'], 'chunked');
      // What the source sent before it failed, and no end: the answer was cut, not finished.
      assert.equal(reply.body, chunk(FIRST_CHUNK));
      assert.ok(!reply.body.endsWith(LAST_CHUNK));
      const id = reply.headers['x-request-id'];
      assert.ok(id);
      assert.equal(served.logs.length, 1, served.logs.join('\n'));
      assert.match(
        served.logs[0] as string,
        new RegExp(
          `^svc: TransfersController\\.${handler} failed after the response started \\(request ${id}\\): Error: ${message}\\n`,
        ),
      );
    });
  }

  it('logs nothing when the client leaves mid-stream (the source is let go)', async () => {
    served.logs.length = 0;
    const { socket } = await rawGet(served.base, '/api/transfers/endless');
    const closed = once(transferEvents(), 'endless-closed');
    socket.destroy();
    await closed;
    // And a failure after it is logged: the one line there is, is that one.
    await cutAnswer(served.base, 'failing-node');
    assert.deepEqual(
      served.logs.map((line) => line.split('\n')[0]?.replace(/\(request [^)]+\)/, '(request …)')),
      [
        'svc: TransfersController.failingNode failed after the response started (request …): Error: the node source broke',
      ],
    );
  });
});
