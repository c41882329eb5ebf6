/** The in-memory counters: a fixed window from the key's first request; expired keys are dropped, with no timer. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStore } from '../../src/runtime/rate-limit/memory-store.js';

test('a window counts from the first request and starts again once it ends', () => {
  let now = 1000;
  const store = new MemoryStore(() => now);
  assert.deepEqual(store.hit('a', 100), { count: 1, resetInMs: 100 });
  now += 40;
  assert.deepEqual(store.hit('a', 100), { count: 2, resetInMs: 60 });
  now += 60;
  assert.deepEqual(store.hit('a', 100), { count: 1, resetInMs: 100 });
});

test('memory holds only the keys of the current window: expired ones go as requests arrive', () => {
  let now = 0;
  const store = new MemoryStore(() => now);
  for (let key = 0; key < 10_000; key++) store.hit(`client-${key}`, 1000);
  assert.equal(store.size, 10_000);
  now = 1000;
  store.hit('late', 1000);
  assert.equal(store.size, 1);
});

test('a renewed window moves its key behind the others, so the head is always the next to expire', () => {
  let now = 0;
  const store = new MemoryStore(() => now);
  store.hit('a', 100);
  now = 50;
  store.hit('b', 100);
  now = 100;
  store.hit('a', 100); // a's window ended: renewed, now ending at 200
  now = 150;
  store.hit('c', 100); // b's window (ending at 150) is dropped; a's is kept
  assert.equal(store.size, 2);
  assert.deepEqual(store.hit('a', 100), { count: 2, resetInMs: 50 });
});
