import { Controller, Messages, WebSocket } from 'svcjs';

@Controller('ws')
export class EchoSocket {
  /** Echoes every message; the bench holds many of these open at once. */
  @WebSocket()
  async *echo(@Messages() messages: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const message of messages) yield message;
  }
}
