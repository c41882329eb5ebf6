/**
 * Hands a taken-over request to the app the way Node's server hands over the requests it
 * parses: a request with `Expect: 100-continue` goes to the server's `checkContinue` listeners
 * when it has any (they decide when `100 Continue` is sent: svc's sends it only once middleware
 * and guards passed and the body is read), else `100 Continue` is sent first.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** `bodyPending`: the body has not all arrived yet. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse, bodyPending: boolean) => void;

/** Node's own test of an Expect header (`_http_server.js`). */
const CONTINUE_EXPECTED = /(?:^|\W)100-continue(?:$|\W)/i;

function expectsContinue(req: IncomingMessage): boolean {
  const expect = req.headers.expect;
  return req.httpVersionMinor === 1 && typeof expect === 'string' && CONTINUE_EXPECTED.test(expect);
}

export function dispatcher(server: Server, handleRequest: RequestHandler): Dispatch {
  return (req, res, bodyPending) => {
    if (expectsContinue(req)) {
      if (server.listenerCount('checkContinue') > 0) {
        server.emit('checkContinue', req, res);
        return;
      }
      if (bodyPending) res.writeContinue();
    }
    handleRequest(req, res);
  };
}
