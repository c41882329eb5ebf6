/**
 * Problem answers written on a taken-over socket (RFC 9457 bodies, `Connection: close`). They
 * are written as bytes, the way Node's server answers a client error: the app may hold a
 * response on the socket (a request whose body stopped coming), and that response then stays
 * assigned to the socket, sees it close, and writes nothing more.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../errors/catalogue.js';
import { frameworkProblem, PROBLEM_CONTENT_TYPE } from '../../errors/problem.js';
import { closeSocketSoon } from '../../streams/raw-response.js';

/** Answers with the problem for `code` and closes the connection once it is written. */
export function answerProblem(socket: Socket, code: ErrorCode, detail: string): void {
  const problem = frameworkProblem(code, detail);
  const body = JSON.stringify(problem);
  socket.write(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      `Date: ${new Date().toUTCString()}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  // Ended at once: a response the app still holds finds the socket not writable and keeps its bytes.
  closeSocketSoon(socket);
}
