import { Controller, Get, RateLimit } from 'svcjs';

/** Each @RateLimit here is refused by the analyzer, named at its line. */
@Controller('bad')
export class BadController {
  @RateLimit({ limit: 5, window: '5 minutes' })
  @Get('window')
  window(): string {
    return 'window';
  }

  @RateLimit({ limit: 0, window: '1s' })
  @Get('limit')
  limit(): string {
    return 'limit';
  }

  // @ts-expect-error: not a key svc knows
  @RateLimit({ limit: 5, window: '1s', key: 'session' })
  @Get('key')
  key(): string {
    return 'key';
  }
}
