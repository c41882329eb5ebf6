/**
 * PubSub is injected by type: the analyzer marks a constructor parameter of svc's own PubSub in
 * the model, the container hands over the app's one instance (no registration), and a test
 * override of PubSub replaces it. examples/chat on a real socket, in-process transport.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { PubSub } from '../../src/index.js';
import { createTestApp } from '../../src/testing/index.js';
import { post, SseClient, WsClient } from './stream-clients.js';

const CHAT = fileURLToPath(new URL('../../examples/chat', import.meta.url));

describe('PubSub injection (examples/chat, one process)', () => {
  it('the model marks the parameter as framework-provided and the app gets one PubSub shared by every stream', async () => {
    const app = await createTestApp({ root: CHAT, log: () => {} });
    try {
      const [controller] = app.model.controllers;
      assert.deepEqual(controller?.dependencies, [
        { name: 'pubsub', index: 0, typeName: 'PubSub', framework: 'PubSub' },
      ]);
      const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
      const sse = await SseClient.open(`${url}/api/rooms/a/events`);
      const ws = await WsClient.open(`${url.replace('http', 'ws')}/api/rooms/a/socket`);
      const joined = [await sse.next(), await ws.next()];
      assert.deepEqual(joined, [
        { type: 'joined', room: 'a', server: process.pid },
        { type: 'joined', room: 'a', server: process.pid },
      ]);
      assert.equal((await post(url, 'a', { from: 'ann', text: 'hi' })).status, 202);
      for (const client of [sse, ws]) {
        const { sentAt, ...event } = await client.next();
        assert.deepEqual(event, { type: 'message', room: 'a', from: 'ann', text: 'hi' });
        assert.equal(typeof sentAt, 'string');
      }
      await Promise.all([sse.close(), ws.close()]);
    } finally {
      await app.close();
    }
  });

  it('an override of PubSub replaces the framework instance', async () => {
    const published: [string, unknown][] = [];
    class RecordingPubSub extends PubSub {
      override async publish(topic: string, message: unknown): Promise<void> {
        published.push([topic, message]);
      }
    }
    const fake = new RecordingPubSub();
    const app = await createTestApp({
      root: CHAT,
      log: () => {},
      overrides: [{ provide: PubSub, useValue: fake }],
    });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/rooms/b/messages',
        body: { from: 'bob', text: 'yo' },
      });
      assert.equal(answer.status, 202);
      assert.equal(published.length, 1);
      const [topic, message] = published[0] as [string, Record<string, unknown>];
      assert.equal(topic, 'room:b');
      assert.deepEqual(
        { ...message, sentAt: 'x' },
        { type: 'message', room: 'b', from: 'bob', text: 'yo', sentAt: 'x' },
      );
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
