import { Controller, Signal, SSE } from 'svcjs';

export interface Tick {
  n: number;
}

@Controller('events')
export class EventsController {
  /** As many events as the client can take: the bench counts them per second. */
  @SSE()
  async *ticks(): AsyncGenerator<Tick> {
    for (let n = 0; ; n++) yield { n };
  }

  /** One event, then nothing until the client leaves: the bench holds many of these open at once. */
  @SSE('idle')
  async *idle(@Signal() signal: AbortSignal): AsyncGenerator<Tick> {
    yield { n: 0 };
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  }
}
