/**
 * The statuses svc answers with on its own, where no user code chose one. The runtime answers
 * with them, the analyzer writes them into the model and the OpenAPI writer documents them; all
 * three read them here, so the wire and the document cannot drift apart. Statuses of errors come
 * from the error catalogue, which docs/errors.md mirrors.
 */
import type { RouteModel } from './app-model.js';
import { ERROR_CODES } from './error-catalogue.js';

export const FRAMEWORK_STATUS = {
  /** `MiddlewareResult.stop()` without a `statusCode`. */
  stop: 200,
  /** `GuardResult.block()` without a `statusCode`. */
  block: 403,
  /** A WebSocket route accepting the upgrade. */
  webSocketAccepted: 101,
  /** A plain (non-upgrade) request to a WebSocket route. */
  webSocketWithoutUpgrade: ERROR_CODES.SVC_ERR_UPGRADE_REQUIRED.status,
  /** An input from a validated source that is missing or does not match its type. */
  invalidInput: ERROR_CODES.SVC_ERR_VALIDATION.status,
  /** A JSON body over the body limit. */
  bodyTooLarge: ERROR_CODES.SVC_ERR_BODY_TOO_LARGE.status,
  /** A body sent with another content type to a route that reads JSON. */
  unsupportedMediaType: ERROR_CODES.SVC_ERR_UNSUPPORTED_MEDIA_TYPE.status,
  /** `sendFile` of a path where no file is (a route whose return type includes `FileAnswer`). */
  fileNotFound: ERROR_CODES.SVC_ERR_FILE_NOT_FOUND.status,
} as const;

/**
 * The framework's own answers that many routes share, documented once under
 * `components.responses` and referenced by `$ref` (docs/openapi.md, "svc's own answers"):
 * the name each is written under, keyed by its `FRAMEWORK_STATUS` entry.
 */
export const SHARED_RESPONSES = {
  invalidInput: { name: 'InvalidInput', description: 'Invalid input' },
  bodyTooLarge: { name: 'ContentTooLarge', description: 'The JSON body is over the body limit' },
  unsupportedMediaType: {
    name: 'UnsupportedMediaType',
    description: 'The body is not sent as application/json',
  },
  webSocketWithoutUpgrade: {
    name: 'UpgradeRequired',
    description: 'A plain request to a WebSocket route: the upgrade headers are missing',
  },
  fileNotFound: { name: 'FileNotFound', description: 'Not Found: no file is at the path the answer names' },
} as const;

export type SharedResponseKey = keyof typeof SHARED_RESPONSES;

/**
 * The request headers a WebSocket upgrade needs (RFC 6455 section 4.1), documented as required
 * header parameters of every WebSocket route: without them the answer is 426, never 101.
 */
export const WEBSOCKET_UPGRADE_HEADERS: readonly {
  name: string;
  schema: { type: 'string'; enum?: string[] };
}[] = [
  { name: 'Connection', schema: { type: 'string' } },
  { name: 'Upgrade', schema: { type: 'string', enum: ['websocket'] } },
  { name: 'Sec-WebSocket-Key', schema: { type: 'string' } },
  { name: 'Sec-WebSocket-Version', schema: { type: 'string', enum: ['13'] } },
];

/**
 * A route with a parameter of a validated source (./param-sources.ts) can answer `invalidInput`.
 */
export { isValidatedSource } from './param-sources.js';

/** The status a route answers when it succeeds: a WebSocket route switches protocols. */
export function successStatus(route: Pick<RouteModel, 'kind' | 'statusCode'>): number {
  return route.kind === 'websocket' ? FRAMEWORK_STATUS.webSocketAccepted : route.statusCode;
}
