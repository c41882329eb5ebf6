import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MessageQueue } from '../../src/runtime/streams/message-queue.js';

function flowRecorder(): { calls: string[]; pause(): void; resume(): void } {
  const calls: string[] = [];
  return { calls, pause: () => calls.push('pause'), resume: () => calls.push('resume') };
}

describe('MessageQueue', () => {
  it('delivers queued messages in order, then ends', async () => {
    const queue = new MessageQueue(flowRecorder());
    queue.push('a');
    queue.push('b');
    queue.end();
    const seen: string[] = [];
    for await (const message of queue) seen.push(message);
    assert.deepEqual(seen, ['a', 'b']);
  });

  it('hands a message straight to a waiting reader', async () => {
    const queue = new MessageQueue(flowRecorder());
    const iterator = queue[Symbol.asyncIterator]();
    const pending = iterator.next();
    queue.push('now');
    assert.deepEqual(await pending, { done: false, value: 'now' });
  });

  it('pauses the socket at the high-water mark and resumes at half of it', async () => {
    const flow = flowRecorder();
    const queue = new MessageQueue(flow, 4);
    for (const message of ['1', '2', '3', '4']) queue.push(message);
    assert.deepEqual(flow.calls, ['pause']);
    const iterator = queue[Symbol.asyncIterator]();
    await iterator.next();
    assert.deepEqual(flow.calls, ['pause']);
    await iterator.next();
    assert.deepEqual(flow.calls, ['pause', 'resume']);
  });

  it('drops queued messages and resumes when the reader stops early', async () => {
    const flow = flowRecorder();
    const queue = new MessageQueue(flow, 2);
    queue.push('1');
    queue.push('2');
    await queue[Symbol.asyncIterator]().return?.();
    assert.deepEqual(flow.calls, ['pause', 'resume']);
    queue.push('3');
    assert.deepEqual(await queue[Symbol.asyncIterator]().next(), { done: true, value: undefined });
  });
});
