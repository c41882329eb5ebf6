/**
 * Builds the Node request for a request Node's parser refused, so the runtime's request handler
 * serves it through the same pipeline as any other request.
 */
import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { headersObject, type RequestHead } from './parse-head.js';

/**
 * A real IncomingMessage carrying the parsed head. Its body is pushed in as it arrives
 * (`push(chunk)`, then `complete` and `push(null)`), as Node's parser does.
 */
export function incomingMessage(socket: Socket, head: RequestHead): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.method = head.method;
  req.url = head.url;
  req.httpVersionMajor = head.httpVersionMajor;
  req.httpVersionMinor = head.httpVersionMinor;
  req.httpVersion = `${head.httpVersionMajor}.${head.httpVersionMinor}`;
  req.rawHeaders = head.rawHeaders;
  req.headers = headersObject(head.rawHeaders);
  return req;
}
