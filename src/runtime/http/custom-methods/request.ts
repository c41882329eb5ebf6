/**
 * Builds the Node request/response pair for a request Node's parser refused, so the runtime's
 * request handler serves it through the same pipeline as any other request.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { responseOnSocket } from '../../streams/raw-response.js';
import { headersObject, type RequestHead } from './parse-head.js';

/** A real IncomingMessage carrying the parsed head and the whole body, already received. */
export function incomingMessage(socket: Socket, head: RequestHead, body: Buffer): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.method = head.method;
  req.url = head.url;
  req.httpVersionMajor = head.httpVersionMajor;
  req.httpVersionMinor = head.httpVersionMinor;
  req.httpVersion = `${head.httpVersionMajor}.${head.httpVersionMinor}`;
  req.rawHeaders = head.rawHeaders;
  req.headers = headersObject(head.rawHeaders);
  if (body.length > 0) req.push(body);
  req.push(null);
  req.complete = true;
  return req;
}

/** A stand-in request for answering a request that could not be parsed. */
export function placeholderRequest(socket: Socket): IncomingMessage {
  return incomingMessage(
    socket,
    { method: 'GET', url: '/', httpVersionMajor: 1, httpVersionMinor: 1, rawHeaders: [] },
    Buffer.alloc(0),
  );
}

export function pairFor(socket: Socket, head: RequestHead, body: Buffer): [IncomingMessage, ServerResponse] {
  const req = incomingMessage(socket, head, body);
  return [req, responseOnSocket(req, socket)];
}
