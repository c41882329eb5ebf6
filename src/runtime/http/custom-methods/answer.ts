/** Problem answers written on a taken-over socket (RFC 9457 bodies, `Connection: close`). */
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode, type ErrorCodeInfo } from '../../errors/catalogue.js';
import { responseOnSocket } from '../../streams/raw-response.js';
import { placeholderRequest } from './request.js';

function statusOf(code: ErrorCode): number {
  const info: ErrorCodeInfo = ERROR_CODES[code];
  return info.status ?? 500;
}

export function problemBody(code: ErrorCode, detail: string): string {
  return JSON.stringify({
    type: `urn:svc:error:${code}`,
    title: ERROR_CODES[code].title,
    status: statusOf(code),
    detail,
  });
}

/** Answers with the problem for `code` and closes the connection once it is written. */
export function answerProblem(socket: Socket, code: ErrorCode, detail: string): void {
  const res = responseOnSocket(placeholderRequest(socket), socket);
  const body = problemBody(code, detail);
  res.writeHead(statusOf(code), {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
