/**
 * svc's own `PubSub` takes part in readiness when it carries messages through Redis: while
 * either of its Redis connections is down, publishes fail, so the process is not ready.
 */
import { PubSub, redisConnected } from '../pubsub/pubsub.js';
import type { NamedCheck } from './checks.js';

/** The check, when some class received the app's PubSub and it uses Redis; else undefined. */
export function pubsubCheck(instances: readonly unknown[]): NamedCheck | undefined {
  const pubsub = instances.find((instance): instance is PubSub => instance instanceof PubSub);
  if (pubsub === undefined || redisConnected(pubsub) === undefined) return undefined;
  return { name: 'PubSub', run: () => redisConnected(pubsub) === true };
}
