/** The default transport: one process, messages delivered as they are published, and kept in its history. */
import type { LocalHistory } from './local-history.js';
import type { Deliver, Transport } from './transport.js';

export class InProcessTransport implements Transport {
  constructor(
    private readonly deliver: Deliver,
    readonly history: LocalHistory,
  ) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  whenConnected(): Promise<void> {
    return Promise.resolve();
  }

  publish(topic: string, text: string): Promise<void> {
    this.deliver(topic, text, this.history.append(topic, text));
    return Promise.resolve();
  }

  listen(): Promise<void> {
    return Promise.resolve();
  }

  unlisten(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
