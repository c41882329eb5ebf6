/**
 * PubSub across the workers of `svc start --workers 2`, with no Redis and no setup: the cluster
 * primary relays what one worker publishes to the other.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  buildChatProject,
  removeProject,
  sseUrl,
  startChat,
  wsUrl,
  type StartedServer,
} from './chat-project.js';
import { post, SseClient, WsClient, type RoomClient } from './stream-clients.js';

/** Opens clients until one is served by a worker other than `not` (round robin gets there at once). */
async function onOtherWorker<C extends RoomClient>(
  openClient: () => Promise<C>,
  not: number | undefined,
  spare: RoomClient[],
): Promise<{ client: C; server: number }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const client = await openClient();
    const joined = await client.next();
    assert.equal(joined.type, 'joined');
    if (joined.server !== not) return { client, server: joined.server as number };
    spare.push(client);
  }
  throw new Error('every connection went to the same worker');
}

describe('PubSub across svc start --workers 2 (no Redis)', () => {
  let root: string;
  let cluster: StartedServer;
  const clients: RoomClient[] = [];

  before(async () => {
    root = await buildChatProject();
    cluster = await startChat(root, ['--workers', '2']);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    const code = await cluster?.cli.stop();
    removeProject(root);
    assert.equal(code, 0);
  });

  it('an SSE client on one worker and a WebSocket client on the other both receive every message posted', async () => {
    const sse = await onOtherWorker(() => SseClient.open(sseUrl(cluster.base, 'lobby')), undefined, clients);
    const ws = await onOtherWorker(() => WsClient.open(wsUrl(cluster.base, 'lobby')), sse.server, clients);
    clients.push(sse.client, ws.client);
    assert.notEqual(sse.server, ws.server);
    // Each post lands on one worker or the other; all four reach both clients.
    const texts = ['one', 'two', 'three', 'four'];
    for (const text of texts) {
      assert.equal((await post(cluster.base, 'lobby', { from: 'ann', text })).status, 202);
      for (const client of [sse.client, ws.client]) {
        const { sentAt, ...event } = await client.next();
        assert.deepEqual(event, { type: 'message', room: 'lobby', from: 'ann', text });
        assert.equal(typeof sentAt, 'string');
      }
    }
    assert.deepEqual([...sse.client.pending, ...ws.client.pending], []);
    assert.match(cluster.cli.output, /with 2 workers/);
  });
});
