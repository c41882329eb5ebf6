import { Controller, SSE } from 'svcjs';

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
}
