/**
 * Between the workers of `svc start --workers N`: a worker sends each message to the cluster
 * primary over its IPC channel and delivers it to its own subscribers; the primary relays it to
 * every other worker (src/cli/cluster.ts). Every worker gets every message and keeps those its
 * subscribers want, so there is nothing to subscribe on the primary.
 *
 * Each worker keeps its own history and numbers what it delivers itself (workers may see two
 * messages published at once in different orders), so a stream resumes on the worker that sent
 * its ids; on another worker the ids are foreign, and the stream says so (docs/streams.md).
 */
import type { LocalHistory } from './local-history.js';
import { unavailable, type Deliver, type Transport } from './transport.js';

/** Set by `svc start --workers N` in each worker's environment. */
export const PUBSUB_RELAY_ENV = 'SVC_PUBSUB_RELAY';

export interface RelayMessage {
  type: 'svc:pubsub';
  topic: string;
  text: string;
}

export function isRelayMessage(message: unknown): message is RelayMessage {
  const candidate = message as Partial<RelayMessage> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.type === 'svc:pubsub' &&
    typeof candidate.topic === 'string' &&
    typeof candidate.text === 'string'
  );
}

/** True in a worker that `svc start --workers N` forked (it relays); false anywhere else. */
export function underClusterRelay(): boolean {
  return process.env[PUBSUB_RELAY_ENV] === '1' && typeof process.send === 'function';
}

export class ClusterTransport implements Transport {
  private readonly onMessage = (message: unknown): void => {
    if (isRelayMessage(message)) this.receive(message.topic, message.text);
  };

  constructor(
    private readonly deliver: Deliver,
    readonly history: LocalHistory,
  ) {}

  start(): Promise<void> {
    process.on('message', this.onMessage);
    return Promise.resolve();
  }

  whenConnected(): Promise<void> {
    return Promise.resolve();
  }

  publish(topic: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!process.connected || process.send === undefined)
        return reject(unavailable(topic, 'the cluster primary is gone'));
      const message: RelayMessage = { type: 'svc:pubsub', topic, text };
      process.send(message, undefined, undefined, (error: Error | null) => {
        if (error)
          return reject(unavailable(topic, `the cluster primary did not take it (${error.message})`));
        this.receive(topic, text);
        resolve();
      });
    });
  }

  listen(): Promise<void> {
    return Promise.resolve();
  }

  unlisten(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    process.off('message', this.onMessage);
    return Promise.resolve();
  }

  private receive(topic: string, text: string): void {
    this.deliver(topic, text, this.history.append(topic, text));
  }
}
