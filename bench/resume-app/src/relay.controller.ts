import { Body, Controller, Param, Post, PubSub, SSE, StatusCode } from 'svcjs';

export interface Burst {
  /** Messages to publish. */
  count: number;
  /** Characters of each message's text. */
  size: number;
  /** Publishes in flight at once (Redis answers each). */
  inFlight: number;
}

/** A relay written the usual way, and a route that publishes a burst to it. */
@Controller('bench')
export class RelayController {
  constructor(private readonly pubsub: PubSub) {}

  @SSE('events/:topic')
  async *events(@Param() topic: string): AsyncGenerator<string | { n: number; text: string }> {
    const messages = this.pubsub.subscribe<{ n: number; text: string }>(topic);
    await messages.ready;
    yield 'subscribed';
    yield* messages;
  }

  @Post('burst/:topic')
  @StatusCode(204)
  async burst(@Param() topic: string, @Body() burst: Burst): Promise<void> {
    const text = 'x'.repeat(burst.size);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < burst.count) await this.pubsub.publish(topic, { n: next++, text });
    };
    await Promise.all(Array.from({ length: burst.inFlight }, worker));
  }
}
