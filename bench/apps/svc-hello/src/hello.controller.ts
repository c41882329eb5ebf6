import { Controller, Get } from 'svcjs';

export interface Greeting {
  hello: string;
}

@Controller('hello')
export class HelloController {
  @Get()
  hello(): Greeting {
    return { hello: 'world' };
  }
}
