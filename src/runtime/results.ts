/** What middleware and guards return. */
import type { OutgoingHttpHeaders } from 'node:http';

export interface EarlyResponse {
  /**
   * A final HTTP status, an integer from 200 to 599: any other is answered 500
   * `SVC_ERR_EARLY_STATUS` (a literal one is an analysis error).
   */
  statusCode?: number;
  /** A string is sent as text/plain; anything else as JSON. */
  body?: unknown;
  headers?: OutgoingHttpHeaders;
}

export class MiddlewareResult {
  private constructor(
    readonly proceed: boolean,
    readonly response: EarlyResponse | undefined,
  ) {}

  private static readonly NEXT = new MiddlewareResult(true, undefined);

  static next(): MiddlewareResult {
    return MiddlewareResult.NEXT;
  }

  /** Ends the request with this response (status 200 unless given). */
  static stop(response: EarlyResponse = {}): MiddlewareResult {
    return new MiddlewareResult(false, response);
  }
}

export class GuardResult {
  private constructor(
    readonly proceed: boolean,
    readonly response: EarlyResponse | undefined,
  ) {}

  private static readonly PASS = new GuardResult(true, undefined);

  static pass(): GuardResult {
    return GuardResult.PASS;
  }

  /** Ends the request with this response (status 403 unless given). */
  static block(response: EarlyResponse = {}): GuardResult {
    return new GuardResult(false, response);
  }
}
