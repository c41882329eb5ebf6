/** The svc runtime: everything an app imports from 'svcjs'. Never imports `typescript`. */
export {
  Controller,
  Get,
  Post,
  Put,
  Patch,
  Delete,
  QueryMethod,
  SSE,
  WebSocket,
  defineMethod,
  StatusCode,
  SetHeader,
} from './runtime/decorators/routes.js';
export {
  Param,
  Query,
  Header,
  Cookie,
  Body,
  Data,
  Ctx,
  Messages,
  Signal,
  Next,
} from './runtime/decorators/params.js';
export { App, ApiInfo, type ApiInfoOptions } from './runtime/decorators/app.js';
export { RateLimit } from './runtime/decorators/rate-limit.js';
export type { RateLimitOptions, RateLimitKey } from './runtime/rate-limit/options.js';
export {
  ApiSummary,
  ApiDescription,
  ApiOperationId,
  ApiTag,
  ApiResponse,
  ApiHidden,
  ApiType,
  ApiSecurity,
  type ApiResponseOptions,
  type ApiSecurityScheme,
  type ApiSecurityOptions,
} from './runtime/decorators/api-docs.js';
export {
  component,
  Middleware,
  Guard,
  Interceptor,
  PreInterceptor,
  PostInterceptor,
  Catch,
} from './runtime/decorators/components.js';
export type { AppOptions, Provider, Constructor } from './runtime/decorators/metadata.js';
export { DataHolder } from './runtime/data-holder.js';
export { SseEvent, sseEvent, type SseEventOptions } from './runtime/streams/sse-event.js';
export { PubSub, type PubSubSettings } from './runtime/pubsub/pubsub.js';
export type { Subscription } from './runtime/pubsub/subscription.js';
export type { ReadinessCheck } from './runtime/health/index.js';
export { MiddlewareResult, GuardResult, type EarlyResponse } from './runtime/results.js';
export type { CookieOptions, RequestContext, RequestView, ResponseView } from './runtime/context.js';
export {
  HttpError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  TooManyRequestsError,
  InternalServerError,
} from './runtime/errors/http-error.js';
export { SvcError } from './runtime/errors/svc-error.js';
export {
  sendFile,
  FileAnswer,
  type SendFileOptions,
  type Disposition,
} from './runtime/response/file-answer.js';
export { ValidationError } from './runtime/errors/validation-error.js';
export { ERROR_CODES, type ErrorCode } from './runtime/errors/catalogue.js';
export { createApp } from './runtime/app/create-app.js';
export type {
  CreateAppOptions,
  SvcApp,
  InjectRequest,
  InjectResponse,
  ListenOptions,
  RouteInfo,
  CorsOptions,
  ShutdownReport,
} from './runtime/app-types.js';
export type { AppModel } from './model/app-model.js';
export type { JsonSchema } from './model/json-schema.js';
