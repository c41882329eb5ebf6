/**
 * The one catalogue of errors svc produces. `docs/errors.md` documents every entry and a test
 * keeps the two in step. HTTP errors carry the status they answer with; start-up and analysis
 * errors carry none.
 */
export interface ErrorCodeInfo {
  /** HTTP status for errors answered to a client; undefined for start-up and analysis errors. */
  status?: number;
  title: string;
  /** When it happens, in one sentence (mirrored in docs/errors.md). */
  when: string;
}

export const ERROR_CODES = {
  // Answered to clients (application/problem+json).
  SVC_ERR_NOT_FOUND: { status: 404, title: 'Not Found', when: 'No route matches the request path.' },
  SVC_ERR_FILE_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: 'A handler answered with `sendFile` and no file is at the path; the answer never names the path.',
  },
  SVC_ERR_RANGE_NOT_SATISFIABLE: {
    status: 416,
    title: 'Range Not Satisfiable',
    when: 'A `Range` header asked a Blob, File or `sendFile` answer for bytes past its end; `Content-Range: bytes */<size>` gives the size.',
  },
  SVC_ERR_METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method Not Allowed',
    when: 'The path matches a route but not with this method; the response lists the allowed ones in `Allow`.',
  },
  SVC_ERR_BAD_PATH: {
    status: 400,
    title: 'Bad Request',
    when: 'The request path has a malformed percent-encoding, or the target is neither a path nor an absolute http(s) URI.',
  },
  SVC_ERR_BAD_REQUEST: {
    status: 400,
    title: 'Bad Request',
    when: 'The request could not be parsed as HTTP, or where it begins is not certain; the connection is closed.',
  },
  SVC_ERR_MALFORMED_JSON: { status: 400, title: 'Bad Request', when: 'The request body is not valid JSON.' },
  SVC_ERR_BODY_TOO_DEEP: {
    status: 400,
    title: 'Bad Request',
    when: 'The JSON request body nests arrays and objects more than 128 levels deep.',
  },
  SVC_ERR_VALIDATION: {
    status: 400,
    title: 'Bad Request',
    when: 'One or more inputs are missing or do not match their declared types; `errors` lists each one (of a body, the first 20).',
  },
  SVC_ERR_BODY_TOO_LARGE: {
    status: 413,
    title: 'Content Too Large',
    when: 'The request body is larger than the body limit (default 1 MiB).',
  },
  SVC_ERR_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported Media Type',
    when: 'A body, or a multipart file part, has a media type the route does not accept (JSON unless the route says otherwise); `detail` names the field.',
  },
  SVC_ERR_MALFORMED_MULTIPART: {
    status: 400,
    title: 'Bad Request',
    when: 'A multipart/form-data body has no boundary, is cut short or is otherwise malformed.',
  },
  SVC_ERR_FILE_TOO_LARGE: {
    status: 413,
    title: 'Content Too Large',
    when: "A file in a multipart body is over its field's `@maxSize` or `uploads.fileSize`; `detail` names the field and the connection is closed.",
  },
  SVC_ERR_FIELD_TOO_LARGE: {
    status: 413,
    title: 'Content Too Large',
    when: 'A text field of a multipart body is over `uploads.fieldSize`; `detail` names the field.',
  },
  SVC_ERR_TOO_MANY_PARTS: {
    status: 413,
    title: 'Content Too Large',
    when: 'A multipart body has more files or text fields than `uploads.files` or `uploads.fields` allows; the connection is closed.',
  },
  SVC_ERR_RATE_LIMITED: {
    status: 429,
    title: 'Too Many Requests',
    when: "More requests than the route's `@RateLimit` allows came from one client (or key) in its window; `Retry-After` says when to retry.",
  },
  SVC_ERR_NOT_IMPLEMENTED: {
    status: 501,
    title: 'Not Implemented',
    when: 'The request uses an HTTP method no route of the app declares.',
  },
  SVC_ERR_LENGTH_REQUIRED: {
    status: 411,
    title: 'Length Required',
    when: 'A request with a custom method sent a chunked body; such requests need a Content-Length.',
  },
  SVC_ERR_HEADERS_TOO_LARGE: {
    status: 431,
    title: 'Request Header Fields Too Large',
    when: 'The request head is larger than the header limit (16 KiB).',
  },
  SVC_ERR_REQUEST_TIMEOUT: {
    status: 408,
    title: 'Request Timeout',
    when: 'The request did not arrive in full within the time limit.',
  },
  SVC_ERR_BODY_TIMEOUT: {
    status: 408,
    title: 'Request Timeout',
    when: 'The client sent nothing of the request body for `bodyTimeoutMs` (default 30 s) while svc was reading it; the connection is closed.',
  },
  SVC_ERR_UPGRADE_REQUIRED: {
    status: 426,
    title: 'Upgrade Required',
    when: 'A WebSocket route was requested without a WebSocket upgrade.',
  },
  SVC_ERR_INTERNAL: {
    status: 500,
    title: 'Internal Server Error',
    when: 'A handler or component threw something that is not an HttpError and no catcher handled it.',
  },
  SVC_ERR_EARLY_STATUS: {
    status: 500,
    title: 'Internal Server Error',
    when: "A middleware's stop or a guard's block gave a status that is not an integer from 200 to 599 (99, 1000, NaN); logged once per method. A literal one fails the analysis.",
  },
  SVC_ERR_HTTP: {
    status: undefined,
    title: 'HTTP error',
    when: 'A handler or component threw an `HttpError`; the status and message are the ones it gave.',
  },

  // PubSub (publish rejects with these; a subscriber's stream ends with them).
  SVC_ERR_PUBSUB_UNAVAILABLE: {
    status: 503,
    title: 'Service Unavailable',
    when: '`PubSub.publish` could not hand the message over (Redis unreachable or silent for `pubsub.commandTimeoutMs`, cluster primary gone); the detail says if it may still arrive.',
  },
  SVC_ERR_PUBSUB_BEHIND: {
    title: 'Subscriber fell behind',
    when: 'A `PubSub` subscriber had `pubsub.maxQueue` messages waiting when one more came; its queue is dropped and its stream ends with this error.',
  },
  SVC_ERR_PUBSUB_MESSAGE: {
    title: 'Message is not JSON',
    when: '`PubSub.publish` was given a message JSON cannot encode (undefined, a function, a bigint, a cycle); the request answers 500.',
  },

  // Start-up errors (thrown by createApp).
  SVC_ERR_MODEL_MISSING: {
    title: 'App model not found',
    when: 'createApp found no app model (`.svc/app-model.json`, or next to the running code); run `svc build` or `svc dev`.',
  },
  SVC_ERR_MODEL_STALE: {
    title: 'App model out of date',
    when: "The decorators in the running code and the analyzer's app model disagree; re-run the analyzer.",
  },
  SVC_ERR_MISSING_PROVIDER: {
    title: 'Missing provider',
    when: 'A constructor parameter of a controller, component or provider has a type no provider supplies and that cannot be constructed without arguments.',
  },
  SVC_ERR_PROVIDER_CYCLE: {
    title: 'Dependency cycle',
    when: 'Constructor dependencies form a cycle; the message names the chain (`A → B → A`).',
  },
  SVC_ERR_ON_INIT_FAILED: {
    title: 'onInit failed',
    when: "A provider's, controller's or component's `onInit()` threw or rejected; start-up stops and the message names the class.",
  },
  SVC_ERR_ON_SHUTDOWN_FAILED: {
    title: 'onShutdown failed',
    when: 'An `onShutdown()` threw or rejected during `app.close()`; the other hooks still ran, and the message names the class.',
  },
  SVC_ERR_INVALID_OVERRIDE: {
    title: 'Invalid override',
    when: 'An entry of `createTestApp({ overrides })` lacks a class in `provide` or exactly one of `useValue`/`useClass`/`useFactory`, or names a class the project exports twice.',
  },
  SVC_ERR_UNKNOWN_OPTION: {
    title: 'Unknown option',
    when: 'An app option (given to `createApp`, `@App` or `svc.config.json`) or an `@ApiSecurity` option is not one svc knows; the message names it and where it was given.',
  },
  SVC_ERR_INVALID_OPTION: {
    title: 'Invalid option value',
    when: 'An app option has a value of the wrong kind (a function in `@App` or `svc.config.json`, a negative `bodyLimit`).',
  },
  SVC_ERR_INVALID_RATE_LIMIT: {
    title: 'Invalid rate limit',
    when: "A `@RateLimit` has a limit that is not a positive integer, a window neither whole ms nor a duration like `'30s'`, or an unknown key.",
  },
  SVC_ERR_TLS_CREDENTIALS: {
    title: 'TLS key or certificate unusable',
    when: 'The TLS key or certificate cannot be read or used (no such file, not PEM, or a key that does not match the certificate); the message names which and where it was given.',
  },
  SVC_ERR_DUPLICATE_ROUTE: {
    title: 'Duplicate route',
    when: 'Two handlers answer the same method on the same path shape.',
  },
  SVC_ERR_INVALID_ROUTE: {
    title: 'Invalid route',
    when: 'A route path is malformed (for example an empty `:` segment).',
  },
  SVC_ERR_NOT_COMPILED: {
    title: 'Module not compiled',
    when: 'A model module is TypeScript, the process cannot import it, and no compiled JavaScript is where rootDir/outDir put it.',
  },
  SVC_ERR_BUILD_MISSING: {
    title: 'No build',
    when: '`svc start` found no compiled entry; run `svc build` first.',
  },
  SVC_ERR_DUPLICATE_DECORATOR: {
    title: 'Decorator written twice',
    when: 'A method has two route decorators or two lifecycle role decorators, or a parameter has two binding decorators; use one.',
  },
  SVC_ERR_DECORATOR_TARGET: {
    title: 'Decorator in the wrong place',
    when: 'A parameter decorator (`@Param`, `@Body`, ...) is on a constructor parameter, or `@Next` is on a method that is not an `@Interceptor()`.',
  },
  SVC_ERR_INVALID_METHOD_NAME: {
    title: 'Invalid method name',
    when: '`defineMethod(NAME)` was given a name that is not upper-case letters, digits, `_` or `-`, starting with a letter.',
  },
  SVC_ERR_CATCH_CLASS: {
    title: 'Catch class not importable',
    when: "`@Catch(ErrorClass)` names a class the runtime cannot import by name: export it from a project module (svc's own errors and built-in errors such as `TypeError` need nothing).",
  },
  SVC_ERR_INVALID_COOKIE: {
    title: 'Invalid cookie',
    when: '`ctx.response.setCookie` or `clearCookie` got a name that is not an RFC 6265 token, or a bad option (`path` with `;`, unknown `sameSite`); the message names the cookie.',
  },

  // Analysis errors (svc build exits non-zero; svc dev keeps the last good server).
  SVC_ERR_TSCONFIG_MISSING: { title: 'No tsconfig.json', when: 'The project root has no `tsconfig.json`.' },
  SVC_ERR_DECORATORS_DISABLED: {
    title: 'experimentalDecorators is off',
    when: 'The project `tsconfig.json` does not set `"experimentalDecorators": true`.',
  },
  SVC_ERR_NO_CONTROLLERS: {
    title: 'No controllers',
    when: 'No class in the project is decorated with `@Controller`.',
  },
  SVC_ERR_SVCJS_UNRESOLVED: {
    title: 'svcjs not found',
    when: 'A project file imports `svcjs` (or `svcjs/...`) and it does not resolve: svc is not installed in the project (`npm install svcjs`). Reported at each import, instead of `SVC_ERR_NO_CONTROLLERS`.',
  },
  SVC_ERR_DUPLICATE_OPERATION_ID: {
    title: 'Duplicate operationId',
    when: 'Two routes have the same `operationId`, or one controller two routes the typed client calls by one name; both are named.',
  },
  SVC_ERR_INVALID_OPERATION_ID: {
    title: 'Invalid operationId',
    when: '`@ApiOperationId` was given an id that is not a letter or `_` followed by letters, digits, `_`, `.` or `-`.',
  },
  SVC_ERR_UNKNOWN_PATH_PARAM: {
    title: 'Unknown path parameter',
    when: 'A `@Param` names no `:segment` of its route path.',
  },
  SVC_ERR_UNBOUND_PARAMETER: {
    title: 'Unbound parameter',
    when: 'A handler or component parameter has no binding decorator.',
  },
  SVC_ERR_INVALID_CONTENT_TYPE: {
    title: 'Invalid @contentType',
    when: "A handler's `@contentType` is not a media type (or list), is not JSON on a JSON answer, lists types or a range where the answer has no type of its own, or has no body to name.",
  },
  SVC_ERR_BODY_MEDIA_TAG: {
    title: 'Invalid body media tag',
    when: "A body's `@maxSize`, `@contentMediaType` or `@accepts` JSDoc tag is not a size (`5MB`) or a list of media types, or `@accepts` names a type the body cannot be read as.",
  },
  SVC_ERR_NOT_STATIC: {
    title: 'Argument not known at build time',
    when: 'A decorator argument the analyzer must read (a path, a status, a method name) is not a literal or constant.',
  },
  SVC_ERR_DUPLICATE_CLASS: {
    title: 'Duplicate class name',
    when: 'Two controllers or two components share a class name; names key operation ids, tags and the runtime join.',
  },
  SVC_ERR_TYPE_CHECK: {
    title: 'TypeScript error',
    when: 'The project does not type-check; the analyzer reports the compiler diagnostics.',
  },
  SVC_ERR_CONFIG_INVALID: {
    title: 'Invalid svc.config.json',
    when: '`svc.config.json` at the project root is not valid JSON or does not hold a JSON object.',
  },
} as const satisfies Record<`SVC_ERR_${string}`, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
