/**
 * WebSocket keepalive: one timer per ping interval for all the connections that use it, not one
 * per connection (a timer and its closures per held connection were a good part of what an idle
 * connection cost). Each round pings every connection that answered the previous ping and
 * terminates every one that did not.
 */
import type { WebSocket } from 'ws';

class KeepaliveRound {
  /** Each connection, and whether it answered the last ping (a new one counts as answered). */
  private readonly answered = new Map<WebSocket, boolean>();
  /** One listener shared by every connection: `ws` calls it with itself as `this`. */
  private readonly onPong: (this: WebSocket) => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly intervalMs: number) {
    const answered = this.answered;
    this.onPong = function (this: WebSocket) {
      if (answered.has(this)) answered.set(this, true);
    };
  }

  add(ws: WebSocket): void {
    this.answered.set(ws, true);
    ws.on('pong', this.onPong);
    if (this.timer === undefined) {
      this.timer = setInterval(this.ping, this.intervalMs);
      this.timer.unref();
    }
  }

  remove(ws: WebSocket): void {
    ws.off('pong', this.onPong);
    this.answered.delete(ws);
    if (this.answered.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private readonly ping = (): void => {
    for (const [ws, answered] of this.answered) {
      if (!answered) {
        ws.terminate();
        continue;
      }
      this.answered.set(ws, false);
      ws.ping();
    }
  };
}

const rounds = new Map<number, KeepaliveRound>();

/**
 * Pings `ws` every `intervalMs` (0 or less: never) until the returned function is called,
 * terminating it when a ping goes unanswered for a whole interval.
 */
export function keepAlive(ws: WebSocket, intervalMs: number): () => void {
  if (!(intervalMs > 0)) return () => {};
  let round = rounds.get(intervalMs);
  if (round === undefined) rounds.set(intervalMs, (round = new KeepaliveRound(intervalMs)));
  round.add(ws);
  const joined = round;
  return () => joined.remove(ws);
}
