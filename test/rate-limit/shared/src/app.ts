import { App, Controller, Get, RateLimit } from 'svcjs';

/** 10 requests an hour per client address, counted wherever the app's Redis is. */
@App({})
@RateLimit({ limit: 10, window: '1h' })
export class SharedApp {}

@Controller('')
export class HelloController {
  @Get('hello')
  hello(): string {
    return `hello from ${process.pid}`;
  }
}
