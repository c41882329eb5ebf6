/**
 * Decides whether a parsed custom-method request can be served and how long its body is.
 * Bodies are framed by Content-Length only: chunked transfer coding is refused with 411.
 */
import type { ErrorCode } from '../../errors/catalogue.js';
import type { RequestHead } from './parse-head.js';

export type Framing = { ok: true; bodyLength: number } | { ok: false; code: ErrorCode; detail: string };

export interface FramingRules {
  isDeclared: (method: string) => boolean;
  bodyLimit: number;
}

function valuesOf(head: RequestHead, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < head.rawHeaders.length; i += 2) {
    if (head.rawHeaders[i]?.toLowerCase() === name) values.push(head.rawHeaders[i + 1] ?? '');
  }
  return values;
}

function refuse(code: ErrorCode, detail: string): Framing {
  return { ok: false, code, detail };
}

/** The declared body length, or a refusal: repeated lengths must agree and be plain digits. */
function contentLength(head: RequestHead, bodyLimit: number): Framing {
  const lengths = new Set(
    valuesOf(head, 'content-length').flatMap((value) => value.split(',').map((v) => v.trim())),
  );
  if (lengths.size === 0) return { ok: true, bodyLength: 0 };
  const [only] = lengths;
  if (lengths.size > 1 || only === undefined || !/^\d{1,15}$/.test(only)) {
    return refuse('SVC_ERR_BAD_REQUEST', 'The Content-Length header is malformed.');
  }
  const length = Number(only);
  if (length > bodyLimit) {
    return refuse(
      'SVC_ERR_BODY_TOO_LARGE',
      `The request body is larger than the limit of ${bodyLimit} bytes.`,
    );
  }
  return { ok: true, bodyLength: length };
}

export function decideFraming(head: RequestHead, rules: FramingRules): Framing {
  if (!rules.isDeclared(head.method)) {
    return refuse('SVC_ERR_NOT_IMPLEMENTED', `The method ${head.method} is not implemented by this server.`);
  }
  if (valuesOf(head, 'transfer-encoding').length > 0) {
    return refuse(
      'SVC_ERR_LENGTH_REQUIRED',
      `A ${head.method} request must send its body with a Content-Length, not a transfer coding.`,
    );
  }
  if (head.httpVersionMinor === 1 && valuesOf(head, 'host').length !== 1) {
    return refuse('SVC_ERR_BAD_REQUEST', 'An HTTP/1.1 request needs exactly one Host header.');
  }
  return contentLength(head, rules.bodyLimit);
}
