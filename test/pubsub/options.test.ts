/**
 * The `pubsub` option: `redis` from createApp, then SVC_REDIS_URL, then the model (`@App` over
 * svc.config.json); `maxQueue` and `commandTimeoutMs` from createApp, then the model, then 1000
 * and 2000; `retention`, `topics` and `retainedBytes` from createApp, then the model, passed on
 * only when given (PubSub fills the gaps); bad values stop start-up.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { AppModel } from '../../src/model/app-model.js';
import type { PubSubOptions } from '../../src/model/app-options.js';
import { resolveSettings } from '../../src/runtime/app/settings.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';

const modelWith = (pubsub?: PubSubOptions) => ({ options: pubsub ? { pubsub } : {} }) as unknown as AppModel;
const pubsubOf = (given: PubSubOptions | undefined, model?: PubSubOptions) =>
  resolveSettings(given ? { pubsub: given } : {}, modelWith(model), undefined).pubsub;
const invalid = (message: RegExp) => (error: unknown) => {
  assert.ok(error instanceof SvcError);
  assert.equal(error.code, 'SVC_ERR_INVALID_OPTION');
  assert.match(error.message, message);
  return true;
};

describe('the pubsub option', () => {
  const saved = process.env.SVC_REDIS_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_REDIS_URL;
    else process.env.SVC_REDIS_URL = saved;
  });

  it('defaults to no Redis, a queue bound of 1000 and a Redis command timeout of 2000 ms', () => {
    delete process.env.SVC_REDIS_URL;
    assert.deepEqual(pubsubOf(undefined), { maxQueue: 1000, commandTimeoutMs: 2000 });
  });

  it('commandTimeoutMs comes from createApp, then the model', () => {
    delete process.env.SVC_REDIS_URL;
    const model = { redis: 'redis://from-app:6379', commandTimeoutMs: 500 };
    const expected = { redis: 'redis://from-app:6379', maxQueue: 1000 };
    assert.deepEqual(pubsubOf(undefined, model), { ...expected, commandTimeoutMs: 500 });
    assert.deepEqual(pubsubOf({ commandTimeoutMs: 50 }, model), { ...expected, commandTimeoutMs: 50 });
  });

  it('takes each field from the first place that gives it; SVC_REDIS_URL stands between createApp and the model', () => {
    const model = { redis: 'redis://from-app:6379', maxQueue: 20 };
    delete process.env.SVC_REDIS_URL;
    const timeout = { commandTimeoutMs: 2000 };
    assert.deepEqual(pubsubOf(undefined, model), {
      redis: 'redis://from-app:6379',
      maxQueue: 20,
      ...timeout,
    });
    process.env.SVC_REDIS_URL = 'redis://from-env:6379';
    assert.deepEqual(pubsubOf(undefined, model), {
      redis: 'redis://from-env:6379',
      maxQueue: 20,
      ...timeout,
    });
    assert.deepEqual(pubsubOf({ maxQueue: 5 }, model), {
      redis: 'redis://from-env:6379',
      maxQueue: 5,
      ...timeout,
    });
    assert.deepEqual(pubsubOf({ redis: 'rediss://given:6380' }, model), {
      redis: 'rediss://given:6380',
      maxQueue: 20,
      ...timeout,
    });
    process.env.SVC_REDIS_URL = '';
    assert.deepEqual(pubsubOf(undefined, model), {
      redis: 'redis://from-app:6379',
      maxQueue: 20,
      ...timeout,
    });
  });

  it('a value that is not a Redis URL, a positive queue bound or a timer-sized timeout stops start-up, named', () => {
    delete process.env.SVC_REDIS_URL;
    assert.throws(
      () => pubsubOf({ redis: 'http://cache:6379' }),
      invalid(/createApp option 'pubsub' must be/),
    );
    assert.throws(() => pubsubOf({ maxQueue: 0 }), invalid(/createApp option 'pubsub'/));
    // Node's timers take at most 2^31 - 1 ms: a longer timeout would fire at once.
    for (const commandTimeoutMs of [0, -1, 1.5, 2 ** 31, '2000'])
      assert.throws(
        () => pubsubOf({ commandTimeoutMs } as PubSubOptions),
        invalid(/createApp option 'pubsub' must be .* \(got \{"commandTimeoutMs":.+\}\)/),
      );
    assert.deepEqual(pubsubOf({ commandTimeoutMs: 2 ** 31 - 1 }), {
      maxQueue: 1000,
      commandTimeoutMs: 2 ** 31 - 1,
    });
    assert.throws(
      () => pubsubOf({ host: 'x' } as PubSubOptions),
      invalid(
        /\{ redis\?: 'redis:\/\/…' or 'rediss:\/\/…' URL, maxQueue\?: positive integer, commandTimeoutMs\?: integer from 1 to 2147483647, retention\?: false or \{ events\?, maxAgeMs\? \} \(positive integers\), topics\?: \{ \[topic or 'prefix\*'\]: \{ retention \} \}, retainedBytes\?: positive integer \}/,
      ),
    );
    process.env.SVC_REDIS_URL = 'localhost:6379';
    assert.throws(
      () => pubsubOf(undefined),
      invalid(/SVC_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL \(got "localhost:6379"\)/),
    );
  });

  it('retention, topics and retainedBytes come from createApp, then the model, and are passed on only when given', () => {
    delete process.env.SVC_REDIS_URL;
    const model = { retention: { events: 50 }, topics: { 'room:*': { retention: false as const } } };
    assert.deepEqual(pubsubOf(undefined, model), { maxQueue: 1000, commandTimeoutMs: 2000, ...model });
    assert.deepEqual(pubsubOf({ retention: false, retainedBytes: 4096 }, model), {
      maxQueue: 1000,
      commandTimeoutMs: 2000,
      retention: false,
      topics: model.topics,
      retainedBytes: 4096,
    });
  });

  it('a retention that is not false or { events?, maxAgeMs? } of positive integers, or a topic key with an inner *, stops start-up', () => {
    delete process.env.SVC_REDIS_URL;
    const bad: unknown[] = [
      { retention: true },
      { retention: { events: 0 } },
      { retention: { maxAgeMs: 1.5 } },
      { retention: { size: 10 } },
      { topics: { 'a*b': { retention: false } } },
      { topics: { 'room:*': false } },
      { topics: { 'room:*': { retention: false, extra: 1 } } },
      { topics: { 'room:*': { retention: { events: -1 } } } },
      { retainedBytes: 0 },
    ];
    for (const options of bad)
      assert.throws(() => pubsubOf(options as PubSubOptions), invalid(/createApp option 'pubsub' must be/));
    const good = {
      retention: { events: 1, maxAgeMs: 1 },
      topics: { '*': { retention: {} }, exact: { retention: false } },
    };
    assert.deepEqual(pubsubOf(good as PubSubOptions), { maxQueue: 1000, commandTimeoutMs: 2000, ...good });
  });
});
