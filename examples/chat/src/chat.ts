/** What a room carries: messages people post, and the `joined` event each stream opens with. */
export interface ChatMessage {
  /**
   * @minLength 1
   * @maxLength 40
   */
  from: string;
  /**
   * @minLength 1
   * @maxLength 2000
   */
  text: string;
}

/** A posted message as every listener of the room receives it. */
export interface PostedMessage extends ChatMessage {
  type: 'message';
  room: string;
  /** When the server that took the post published it (ISO 8601). */
  sentAt: string;
}

/**
 * The first event of every stream: the subscription is live, so every message posted from now on
 * arrives. `server` is the process id that serves this stream (which worker or machine you got).
 */
export interface JoinedEvent {
  type: 'joined';
  room: string;
  server: number;
}

export type RoomEvent = JoinedEvent | PostedMessage;

/** The PubSub topic of a room. */
export function topicOf(room: string): string {
  return `room:${room}`;
}
