/**
 * The header fields a rate-limited route answers with (src/runtime/rate-limit/headers.ts, after
 * draft-ietf-httpapi-ratelimit-headers), documented on each of its responses: the policy and what
 * is left of it on every answer, and `Retry-After` on the 429.
 */
import { ERROR_CODES } from '../model/error-catalogue.js';
import type { NeutralResponse } from './neutral.js';
import type { OpenApiHeader, OpenApiReference } from './types.js';

const POLICY: OpenApiHeader = {
  description:
    'The rate limit policy (draft-ietf-httpapi-ratelimit-headers): quota `q` requests per window `w` seconds, as `"default";q=100;w=60`.',
  schema: { type: 'string' },
};

const STATE: OpenApiHeader = {
  description:
    'What is left of the quota: `r` requests for the next `t` seconds, as `"default";r=42;t=17`. Absent while the counters cannot be read.',
  schema: { type: 'string' },
};

const RETRY_AFTER: OpenApiHeader = {
  description: 'Seconds until the window resets and requests are served again.',
  schema: { type: 'integer', minimum: 0 },
};

const LIMITED = String(ERROR_CODES.SVC_ERR_RATE_LIMITED.status);

/** Each response of a covered route with the headers it carries (replaced, never changed). */
export function addRateLimitHeaders(responses: Record<string, NeutralResponse | OpenApiReference>): void {
  for (const status in responses) {
    const response = responses[status] as NeutralResponse | OpenApiReference;
    // A covered route documents svc's shared answers in place (./responses.ts), so none is a $ref.
    if ('$ref' in response) continue;
    const own = status === LIMITED ? { 'Retry-After': RETRY_AFTER } : undefined;
    const { description, headers, ...rest } = response;
    // Headers before content, in the order the specification lists a response's fields.
    responses[status] = {
      description,
      headers: { ...own, 'RateLimit-Policy': POLICY, RateLimit: STATE, ...headers },
      ...rest,
    };
  }
}
