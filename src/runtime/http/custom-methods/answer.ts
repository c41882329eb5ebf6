/** Problem answers written on a taken-over socket (RFC 9457 bodies, `Connection: close`). */
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../errors/catalogue.js';
import { frameworkProblem, PROBLEM_CONTENT_TYPE } from '../../errors/problem.js';
import { responseOnSocket } from '../../streams/raw-response.js';
import { placeholderRequest } from './request.js';

/** Answers with the problem for `code` and closes the connection once it is written. */
export function answerProblem(socket: Socket, code: ErrorCode, detail: string): void {
  const res = responseOnSocket(placeholderRequest(socket), socket);
  const problem = frameworkProblem(code, detail);
  const body = JSON.stringify(problem);
  res.writeHead(problem.status, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
