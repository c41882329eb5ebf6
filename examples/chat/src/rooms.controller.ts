import {
  ApiResponse,
  Body,
  Controller,
  Param,
  Post,
  PubSub,
  SSE,
  StatusCode,
  WebSocket,
  type Subscription,
} from 'svcjs';
import { topicOf, type ChatMessage, type PostedMessage, type RoomEvent } from './chat.js';

/**
 * Chat rooms: post a message over HTTP, listen over server-sent events or a WebSocket. Messages
 * travel through PubSub, so a listener on one worker or machine hears a post made on another.
 */
@Controller('rooms/:room')
export class RoomsController {
  constructor(private readonly pubsub: PubSub) {}

  /** Posts a message to everyone in the room. 503 while the PubSub transport (Redis) is down. */
  @Post('messages')
  @StatusCode(202)
  // publish() rejects while the transport is down; the analyzer cannot see that, so it is said here.
  @ApiResponse(503, { description: 'The PubSub transport (Redis) is unreachable; nothing was sent' })
  async post(@Param() room: string, @Body() message: ChatMessage): Promise<void> {
    const posted: PostedMessage = { type: 'message', room, ...message, sentAt: new Date().toISOString() };
    await this.pubsub.publish(topicOf(room), posted);
  }

  /** The room's events as server-sent events: `joined`, then every message. */
  @SSE('events')
  events(@Param() room: string): AsyncIterable<RoomEvent> {
    return listen(room, this.pubsub.subscribe<PostedMessage>(topicOf(room)));
  }

  /** The same events as WebSocket text frames (JSON). */
  @WebSocket('socket')
  socket(@Param() room: string): AsyncIterable<RoomEvent> {
    return listen(room, this.pubsub.subscribe<PostedMessage>(topicOf(room)));
  }
}

/**
 * `joined` once the subscription is live, then the room's messages. Written as a plain iterator
 * so that `return()`, which svc calls the moment the client leaves, unsubscribes at once: an
 * async generator around the subscription would only notice at the room's next message.
 */
function listen(room: string, messages: Subscription<PostedMessage>): AsyncIterableIterator<RoomEvent> {
  let joined = false;
  return {
    async next(): Promise<IteratorResult<RoomEvent>> {
      if (joined) return messages.next();
      joined = true;
      await messages.ready;
      return { done: false, value: { type: 'joined', room, server: process.pid } };
    },
    return: () => messages.return(),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
