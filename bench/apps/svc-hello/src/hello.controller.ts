import { Controller, Get } from 'svc';

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
