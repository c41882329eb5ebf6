/** The default transport: one process, messages delivered as they are published. */
import type { Deliver, Transport } from './transport.js';

export class InProcessTransport implements Transport {
  constructor(private readonly deliver: Deliver) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  publish(topic: string, text: string): Promise<void> {
    this.deliver(topic, text);
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
