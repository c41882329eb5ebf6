import { ApiResponse, Body, Controller, Param, Post, PubSub, SSE, StatusCode, WebSocket } from 'svcjs';
import { topicOf, type ChatMessage, type PostedMessage, type RoomEvent } from './chat.js';

/**
 * Chat rooms: post a message over HTTP, listen over server-sent events or a WebSocket. Messages
 * travel through PubSub, so a listener on one worker or machine hears a post made on another.
 */
@Controller('rooms/:room')
export class RoomsController {
  constructor(private readonly pubsub: PubSub) {}

  /** Posts a message to everyone in the room. 503 while the PubSub transport (Redis) is down or not answering. */
  @Post('messages')
  @StatusCode(202)
  // publish() rejects while the transport is down; the analyzer cannot see that, so it is said here.
  @ApiResponse(503, { description: 'The PubSub transport (Redis) is unreachable or did not answer in time' })
  async post(@Param() room: string, @Body() message: ChatMessage): Promise<void> {
    const posted: PostedMessage = { type: 'message', room, ...message, sentAt: new Date().toISOString() };
    await this.pubsub.publish(topicOf(room), posted);
  }

  /** The room's events as server-sent events: `joined`, then every message. */
  @SSE('events')
  events(@Param() room: string): AsyncIterable<RoomEvent> {
    return this.listen(room);
  }

  /** The same events as WebSocket text frames (JSON). */
  @WebSocket('socket')
  socket(@Param() room: string): AsyncIterable<RoomEvent> {
    return this.listen(room);
  }

  /**
   * `joined` once the subscription is live, then the room's messages. The subscription belongs
   * to the request that made it: when the client leaves, svc ends it, so the generator finishes
   * at once even while it waits inside `yield*` in a quiet room.
   */
  private async *listen(room: string): AsyncIterable<RoomEvent> {
    const messages = this.pubsub.subscribe<PostedMessage>(topicOf(room));
    await messages.ready;
    yield { type: 'joined', room, server: process.pid };
    yield* messages;
  }
}
