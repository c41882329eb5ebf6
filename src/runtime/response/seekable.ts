/**
 * An answer of known size and validators (a Blob, a File, a file by path): decides 200, 206, 304
 * or 416 from the request's `Range` and conditional headers, and writes everything but the body.
 * Only a GET or HEAD answered with status 200 is conditional; only a GET is served in part.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { frameworkProblem } from '../errors/problem.js';
import { isNotModified, rangeStillValid, type Validators } from './conditional.js';
import { readRange, type ByteRange, type RangeRequest } from './ranges.js';
import { sendProblem } from './send.js';

export interface Seekable {
  size: number;
  validators: Validators;
  /** The answer's headers so far (defaults, the app's, type, disposition); completed here. */
  headers: OutgoingHttpHeaders;
  /** The app's own headers, kept on a 416. */
  appHeaders: OutgoingHttpHeaders | undefined;
  /** Writes `headers` with `status`, then the bytes of `range` (the whole when undefined). */
  writeBody(status: number, headers: OutgoingHttpHeaders, range: ByteRange | undefined): void;
}

/** Headers a 304 keeps of the answer it stands for (RFC 9110 §15.4.5): the rest describe a body. */
const BODY_HEADERS = ['content-type', 'content-disposition', 'content-length', 'accept-ranges'];

export function answerSeekable(res: ServerResponse, head: boolean, status: number, entity: Seekable): void {
  const out = entity.headers;
  const req = res.req;
  const cacheable = status === 200 && (req.method === 'GET' || req.method === 'HEAD');
  if (cacheable) {
    out.etag = entity.validators.etag;
    if (entity.validators.lastModified) out['last-modified'] = entity.validators.lastModified.toUTCString();
    out['accept-ranges'] = 'bytes';
    if (isNotModified(req.headers, entity.validators)) {
      for (const name of BODY_HEADERS) delete out[name];
      res.writeHead(304, out).end();
      return;
    }
  }
  const range = cacheable && req.method === 'GET' ? requestedRange(req.headers, entity) : 'whole';
  if (range === 'unsatisfiable') {
    const problem = frameworkProblem(
      'SVC_ERR_RANGE_NOT_SATISFIABLE',
      `The range asked for starts past the end of the ${entity.size} bytes of this answer.`,
    );
    sendProblem(res, head, problem, { ...entity.appHeaders, 'content-range': `bytes */${entity.size}` });
    return;
  }
  if (range === 'whole') {
    out['content-length'] = entity.size;
    if (head) res.writeHead(status, out).end();
    else entity.writeBody(status, out, undefined);
    return;
  }
  out['content-range'] = `bytes ${range.start}-${range.end}/${entity.size}`;
  out['content-length'] = range.end - range.start + 1;
  entity.writeBody(206, out, range);
}

function requestedRange(headers: ServerResponse['req']['headers'], entity: Seekable): RangeRequest {
  const header = headers.range;
  if (header === undefined || !rangeStillValid(headersIfRange(headers), entity.validators)) return 'whole';
  return readRange(header, entity.size);
}

function headersIfRange(headers: ServerResponse['req']['headers']): string | undefined {
  const value = headers['if-range'];
  return Array.isArray(value) ? value[0] : value;
}
