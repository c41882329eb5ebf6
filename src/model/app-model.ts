/**
 * The app model: everything only the TypeScript compiler knows about an app, written by the
 * analyzer as JSON and read by both the runtime and the OpenAPI writer, so they cannot disagree.
 *
 * What the decorators record at runtime (paths, methods, explicit binding names, component
 * attachments and their arguments) is recorded here too, statically, so the spec writer does
 * not need to run user code. The runtime joins the two by class name, method name and
 * parameter index, and refuses to start when they disagree (a stale model).
 *
 * Everything here must stay plain JSON: no functions, no `undefined` that matters, no Maps.
 */
import type { StaticAppOptions } from './app-options.js';
import type { SharedResponseKey } from './framework-answers.js';
import type { JsonSchema } from './json-schema.js';
import type { RateLimitModel } from './rate-limit.js';
import type { FrameworkProvided } from './framework-provided.js';

export const APP_MODEL_VERSION = 1;

/** Where a value comes from; `body` may carry a key path, `data` a key. */
export type ParamSource =
  | 'path'
  | 'query'
  | 'header'
  | 'cookie'
  | 'body'
  | 'data'
  | 'ctx'
  | 'messages'
  /** `@Next()` on an around-interceptor: the function that runs the rest of the lifecycle. */
  | 'next'
  | 'signal';

/** The kind of route, which decides how the response is produced. */
export type RouteKind = 'http' | 'sse' | 'websocket';

/** How a handler's return value goes on the wire (docs/routing.md, "Return values"). */
export type ReturnKind = 'void' | 'text' | 'json' | 'bytes' | 'stream';

export interface SourceLocation {
  /** Path relative to the project root, forward slashes. */
  file: string;
  /** 1-based line. */
  line: number;
}

export interface ParamModel extends SourceLocation {
  /** Position in the method's parameter list. */
  index: number;
  /** The parameter's identifier in source. */
  name: string;
  source: ParamSource;
  /**
   * The lookup key: the decorator's explicit name, else the parameter name. For `header` it is
   * lower-cased. For `body` it is the JSON key path (`[]` = the whole body).
   */
  key: string | string[];
  required: boolean;
  /** Schema of the declared type (may `$ref` into `AppModel.schemas`). `{}` for ctx/data. */
  schema: JsonSchema;
  /**
   * `@Query()` without a name on an object-typed parameter: the whole query object is bound,
   * and each property is its own query parameter in the document.
   */
  wholeObject?: boolean;
  /** `@ApiType` on the parameter replaced the inferred schema. */
  explicitSchema?: boolean;
  /** JSDoc text of the parameter, for the document. */
  description?: string;
  /**
   * The parameter's initializer (`@Query() limit = 20`) when it is a value known at build time:
   * the document's `default`. Absent for a computed one. JavaScript applies it, not svc.
   */
  default?: ParamDefault;
  /** A whole `@Body()` read as something other than JSON (docs/routing.md, "Bodies"); absent: JSON. */
  bodyMedia?: BodyMediaModel;
}

/**
 * How a whole `@Body()` comes off the wire when it is not JSON: `multipart` (a type with `File`
 * fields), `form` (a form-shaped type whose `@accepts` names `application/x-www-form-urlencoded`;
 * `json`: JSON is accepted too), `bytes` (`Uint8Array`) or `stream` (`ReadableStream<Uint8Array>`,
 * or node's `Readable`). `mediaTypes`: what `@accepts` lists (default any).
 */
export type BodyMediaModel =
  | { kind: 'multipart'; files: FileFieldModel[] }
  | { kind: 'form'; json: boolean }
  | { kind: 'bytes'; mediaTypes: string[] }
  | { kind: 'stream'; mediaTypes: string[]; api: 'web' | 'node' };

/** A `File`, `File[]` or optional `File` field of a multipart body. */
export interface FileFieldModel {
  name: string;
  /** `File[]`: every part of that name; else at most one. */
  multiple: boolean;
  required: boolean;
  /** `@maxSize` on the field, in bytes (the app's `uploads.fileSize` applies too). */
  maxSize?: number;
  /** `@contentMediaType` on the field: the media types a part may declare (`image/*` allowed). */
  mediaTypes?: string[];
}

/** A JSON value: what a parameter's static default can be. */
export type ParamDefault =
  string | number | boolean | null | ParamDefault[] | { [key: string]: ParamDefault };

export interface ReturnModel {
  kind: ReturnKind;
  /** Schema of the (awaited) return type; for `stream`, of one item. Absent for `void`. */
  schema?: JsonSchema;
  /**
   * `@contentType` on the handler: the media type of its answer, on the wire and in the document
   * alike (docs/routing.md, "Files and downloads"). Absent: by the kind (JSON, text, octet-stream).
   */
  mediaType?: string;
  /**
   * `@contentType` listing several media types or a range (`image/*`): the types a download that
   * carries its own (a Blob, File or `sendFile` answer) may be, each in the document; the wire
   * sends the answer's own type (docs/routing.md, "Files and downloads"). `mediaType` is then absent.
   */
  mediaTypes?: string[];
  /**
   * `bytes` answers only: the handler returns a download rather than a `Uint8Array`. `file`: a
   * Blob, File or `sendFile` answer, of known size, answered in part (206, 416) and conditionally
   * (304); `stream`: a web `ReadableStream` or node `Readable`, sent as it comes.
   */
  download?: 'file' | 'stream';
}

export interface ApiResponseModel {
  status: number;
  description: string;
  schema?: JsonSchema;
  /** Media type of `schema`; defaults to application/json. */
  mediaType?: string;
  /**
   * An `@ApiResponse` without `type`: it only describes the status, and the content is what svc
   * or a covering guard or middleware answers there.
   */
  describesOnly?: boolean;
  /**
   * One of svc's own answers shared by many routes (`SHARED_RESPONSES`): the document writes it
   * once under `components.responses` and refers to it.
   */
  shared?: SharedResponseKey;
  /**
   * More bodies answered under the same status (a guard's block beside a handler's thrown error):
   * the document lists each media type, and a `oneOf` where two share one.
   */
  alternatives?: ResponseContentModel[];
  /** `@ApiResponse(status, null)`: the status is not documented here (assembly removes it). */
  dropped?: true;
  /**
   * The error classes that answer with this status, each as its class chain, nearest first
   * (`svc:NotFoundError`, `svc:HttpError`, `global:Error`): assembly gives the response the
   * content of the catcher that catches them (analyzer/catcher-answers.ts), then drops this.
   */
  raisedBy?: string[][];
}

/** One body of a response: its schema and media type (application/json when absent). */
export interface ResponseContentModel {
  schema?: JsonSchema;
  mediaType?: string;
}

export interface RouteDocModel {
  /** By the app's `operationIds` rule, or as `@ApiOperationId` gave it (model/operation-ids.ts). */
  operationId: string;
  /** `@ApiOperationId` gave `operationId`: the typed client calls the route by it too. */
  explicitOperationId?: true;
  summary?: string;
  description?: string;
  tags: string[];
  hidden: boolean;
  deprecated?: boolean;
  responses: ApiResponseModel[];
}

/** A lifecycle component attached with its decorator: `@RequireRole('admin')`. */
export interface ComponentUseModel {
  /** Class name of the component (the argument given to `component(Class)`). */
  component: string;
}

export interface RouteModel extends SourceLocation {
  /** The method's name on the controller class. */
  methodName: string;
  /** Upper-case HTTP method: GET, POST, ..., a custom name such as CUSTOM; GET for SSE/WebSocket. */
  httpMethod: string;
  kind: RouteKind;
  /** True when the method decorator came from `defineMethod(NAME)`. */
  custom: boolean;
  /** The route's own path as written (`':id'`, `''`). */
  path: string;
  /** Prefix + controller path + route path, normalized: `/api/users/:orgId/:id`. */
  fullPath: string;
  /** Success status: `@StatusCode(n)` or the default for the route kind. */
  statusCode: number;
  /** `@SetHeader(name, value)` on the method, in written order. */
  headers: [string, string][];
  components: ComponentUseModel[];
  params: ParamModel[];
  returns: ReturnModel;
  doc: RouteDocModel;
  /**
   * The nearest `@RateLimit` of route, controller and app; absent when none covers the route (or
   * the nearest is `false`). In a file's fragment, `false` marks a route or controller that opted out.
   */
  rateLimit?: RateLimitModel | false;
}

/** A constructor parameter, provided by its declared class type. */
export interface DependencyModel {
  /** The constructor parameter's name, for error messages. */
  name: string;
  index: number;
  /** Name of the declared class type. */
  typeName: string;
  /** Module that exports the class, relative to the root; absent when it is not importable. */
  module?: string;
  /** Export name of the class in `module`. */
  exportName?: string;
  /** A type svc provides itself (`PubSub`): the container hands over the framework's instance. */
  framework?: FrameworkProvided;
  /**
   * The parameter's type is no class and the parameter has a default or is optional
   * (`level: 'info' | 'debug' = 'info'`): the container passes nothing, so the default applies.
   */
  optional?: true;
}

export interface ControllerModel extends SourceLocation {
  className: string;
  /** Module (relative path of the source file) that declares the class. */
  module: string;
  /** Export name, when the class is exported. */
  exportName?: string;
  /** The `@Controller(path)` argument as written. */
  basePath: string;
  /** snake_case base used for operation ids and the default tag. */
  baseName: string;
  headers: [string, string][];
  components: ComponentUseModel[];
  dependencies: DependencyModel[];
  routes: RouteModel[];
}

export type ComponentRole =
  | 'middleware'
  | 'guard'
  /** `@Interceptor()`: an around-interceptor, wrapping the pre-interceptors, handler and post-interceptors. */
  | 'interceptor'
  | 'preInterceptor'
  | 'postInterceptor'
  | 'catch';

export interface ComponentMethodModel extends SourceLocation {
  methodName: string;
  role: ComponentRole;
  /** For `@Catch(ErrorClass)`: the error class name; absent catches everything. */
  catches?: string;
  /** For `@Catch(ErrorClass)`: where the runtime finds that class to match thrown errors against. */
  catchesClass?: CatchClassModel;
  /** `@StatusCode(n)` on a catcher: the status of its answer. */
  statusCode?: number;
  /** A catcher's declared return type: the body it answers with, read like a handler's. */
  returns?: ReturnModel;
  params: ParamModel[];
}

/**
 * The error class of a `@Catch(ErrorClass)`, by where it is exported: a project module, svc's
 * own exports (`HttpError`, `NotFoundError`, ...), or a JavaScript built-in (`TypeError`).
 */
export type CatchClassModel =
  | { from: 'project'; module: string; exportName: string }
  | { from: 'svc'; exportName: string }
  | { from: 'global'; name: string };

export interface ComponentModel extends SourceLocation {
  className: string;
  module: string;
  exportName?: string;
  /** Name of the exported decorator factory (`RequireAuth`), when found. */
  decoratorName?: string;
  dependencies: DependencyModel[];
  methods: ComponentMethodModel[];
  /** `@ApiSecurity(name, scheme, options?)` on the class: every route it covers requires (or accepts) this scheme. */
  security?: SecurityModel;
}

/** A security scheme a component checks: `components.securitySchemes[name] = scheme`. */
export interface SecurityModel {
  name: string;
  /** An OpenAPI security scheme object, as written (a JSON literal). */
  scheme: Record<string, unknown>;
  /**
   * `{ optional: true }`: the component lets a request without the credential through, so the
   * operations it covers accept it (`security: [{}, {name: []}]`) rather than require it.
   */
  optional?: true;
}

export interface ApiInfoModel {
  title: string;
  version: string;
  description?: string;
}

export interface AppClassModel extends SourceLocation {
  className: string;
  module: string;
  exportName?: string;
  components: ComponentUseModel[];
  /** Classes named in `@App({ providers })` (as a class or `useClass`), when importable; absent when none. */
  providers?: ClassRefModel[];
  /** `@ApiResponse` on the app class: documented on every operation (a route's own one wins). */
  responses?: ApiResponseModel[];
}

/** An exported project class, keyed by its module and export name (two same-named classes stay apart). */
export interface ClassRefModel {
  className: string;
  module: string;
  exportName: string;
}

/** A class the container may construct, with its constructor's dependencies (by declared type). */
export interface InjectableModel extends ClassRefModel {
  dependencies: DependencyModel[];
}

export interface AppModel {
  version: typeof APP_MODEL_VERSION;
  /** `@App({prefix})`, default `/api`; `''` means none. Normalized: leading slash, no trailing. */
  prefix: string;
  host: string;
  port: number;
  info: ApiInfoModel;
  app?: AppClassModel;
  controllers: ControllerModel[];
  components: ComponentModel[];
  /** Named schemas (`components.schemas`), already pruned to those referenced. */
  schemas: Record<string, JsonSchema>;
  /** Every module the runtime must import, relative to the root: controllers, components, app, dependencies. */
  modules: string[];
  /**
   * App options from `@App({...})` over `svc.config.json` (`{"app": {...}}`), already checked
   * against `APP_OPTIONS`; absent when neither sets one. `createApp`'s own argument wins over them.
   */
  options?: StaticAppOptions;
  /**
   * Dependency classes with constructor parameters, reachable from the controllers', components'
   * and `@App` providers' constructors; absent when none.
   */
  injectables?: InjectableModel[];
}
