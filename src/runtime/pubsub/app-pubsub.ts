/**
 * The app's one `PubSub`: handed to every constructor that asks for it (through the container's
 * framework providers), connected before the server listens when some class asked, and closed
 * after the `onShutdown()` hooks (which may still publish a last message).
 */
import type { FrameworkProviders } from '../di/container.js';
import { PubSub, type PubSubSettings } from './pubsub.js';

export class AppPubSub {
  private readonly instance: PubSub;
  private handedOut = false;
  readonly providers: FrameworkProviders;

  constructor(settings: PubSubSettings) {
    this.instance = new PubSub(settings);
    const create = (): PubSub => {
      this.handedOut = true;
      return this.instance;
    };
    this.providers = { PubSub: { target: PubSub, create } };
  }

  /** Whether some class received it: then subscriptions are bound to the requests that make them. */
  get inUse(): boolean {
    return this.handedOut;
  }

  /** Connects when a class received it: a Redis outage at start-up is logged, and publishes answer 503 until it ends. */
  async connect(): Promise<void> {
    if (this.handedOut) await this.instance.connect();
  }

  close(): Promise<void> {
    return this.instance.close();
  }
}
