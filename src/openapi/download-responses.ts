/**
 * What a download of known size (a Blob, File or `sendFile` answer: `returns.download === 'file'`)
 * answers besides its success, as the runtime serves it (src/runtime/response/seekable.ts): a part
 * (206, with `Content-Range`), a range past the end (416, a problem), and 304 to a conditional
 * GET. Its 200 says it has an `ETag` and takes ranges. Streams answer 200 alone.
 */
import type { RouteModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { NeutralResponse } from './neutral.js';
import type { OpenApiHeader } from './types.js';

const TEXT: OpenApiHeader['schema'] = { type: 'string' };

const ETAG: OpenApiHeader = {
  description:
    'A weak entity tag of the content: send it back in `If-None-Match` to get a 304 while it is unchanged.',
  schema: TEXT,
};
const ACCEPT_RANGES: OpenApiHeader = {
  description: '`bytes`: a `Range` of bytes is answered 206.',
  schema: TEXT,
};
const CONTENT_RANGE: OpenApiHeader = {
  description: 'The bytes sent and the whole size, `bytes 0-99/1234`; on a 416, `bytes */1234`.',
  schema: TEXT,
};

/** svc's problem body (RFC 9457), written in place: the document need not hold the named schema. */
const PROBLEM: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
  },
  required: ['type', 'title', 'status', 'detail'],
};

/** Only a GET answered 200 is served in part and conditionally. */
export function downloadResponses(route: RouteModel, success: NeutralResponse): [number, NeutralResponse][] {
  if (route.returns.download !== 'file' || route.httpMethod !== 'GET' || route.statusCode !== 200) return [];
  success.headers = { ETag: ETAG, 'Accept-Ranges': ACCEPT_RANGES, ...success.headers };
  const part: NeutralResponse = {
    description: 'Partial Content: the bytes the Range asked for',
    headers: { ETag: ETAG, 'Content-Range': CONTENT_RANGE },
  };
  if (success.content) part.content = success.content;
  return [
    [206, part],
    [
      304,
      {
        description: 'Not Modified: the copy the client has (If-None-Match, If-Modified-Since) is current',
        headers: { ETag: ETAG },
      },
    ],
    [
      416,
      {
        description: 'Range Not Satisfiable: the Range starts past the end',
        headers: { 'Content-Range': CONTENT_RANGE },
        content: { 'application/problem+json': { schema: PROBLEM } },
      },
    ],
  ];
}
