/**
 * The one table of svc's decorators: for each export, what it means (its role), where it may be
 * written, and what each argument is. The runtime decorators record what this table says about
 * them, and the analyzer recognises a decorator by its export name and reads its arguments as
 * the table describes them, so the two cannot drift apart.
 *
 * Plain data and two small functions: no imports beyond model types, so both sides may load it.
 */
import type { ComponentRole, ParamSource, RouteKind } from './app-model.js';

/** The JSON value an argument holds (`class` is a class reference, read as a class, not a value). */
export type ArgumentShape = 'string' | 'string[]' | 'number' | 'class' | 'object';

export interface DecoratorArgument {
  /** What the argument is, as error messages name it: `path`, `name`, `key path`, `status`. */
  meaning: string;
  shape: ArgumentShape;
  optional: boolean;
  /** What an omitted optional argument stands for; absent when omission means "the parameter's name". */
  defaultValue?: string | readonly string[];
  /** A rest argument: any number of values of `shape`. */
  rest?: true;
}

export type DocAnnotation =
  'summary' | 'description' | 'tag' | 'response' | 'hidden' | 'type' | 'info' | 'security' | 'operationId';

/** What a decorator does. */
export type DecoratorRole =
  | { kind: 'controller' }
  | { kind: 'route'; httpMethod: string; routeKind: RouteKind }
  | { kind: 'response'; sets: 'status' | 'header' }
  | { kind: 'param'; source: ParamSource }
  | { kind: 'lifecycle'; role: ComponentRole }
  | { kind: 'doc'; annotation: DocAnnotation }
  | { kind: 'app' }
  /** `@RateLimit`: how many requests a client may make (docs/production.md, "Rate limits"). */
  | { kind: 'rateLimit' }
  /** Makes decorators: `defineMethod(NAME)` route decorators, `component(Class)` component decorators. */
  | { kind: 'factory'; makes: 'route' | 'component' };

export type DecoratorTarget = 'class' | 'method' | 'parameter' | 'property';

export interface DecoratorSpec {
  role: DecoratorRole;
  on: readonly DecoratorTarget[];
  args: readonly DecoratorArgument[];
}

const ROUTE_PATH = { meaning: 'path', shape: 'string', optional: true, defaultValue: '' } as const;
const BINDING_NAME = { meaning: 'name', shape: 'string', optional: true } as const;
const TEXT = { meaning: 'text', shape: 'string', optional: false } as const;

// The helpers keep each entry's literal types, so a reader of `DECORATORS.Get` sees `'GET'`.
function route<M extends string, K extends RouteKind>(httpMethod: M, routeKind: K) {
  return { role: { kind: 'route', httpMethod, routeKind }, on: ['method'], args: [ROUTE_PATH] } as const;
}

function param<S extends ParamSource, A extends readonly DecoratorArgument[]>(source: S, args: A) {
  return { role: { kind: 'param', source }, on: ['parameter'], args } as const;
}

function lifecycle<R extends ComponentRole, A extends readonly DecoratorArgument[]>(role: R, args: A) {
  return { role: { kind: 'lifecycle', role }, on: ['method'], args } as const;
}

function doc<N extends DocAnnotation>(
  annotation: N,
  on: readonly DecoratorTarget[],
  args: readonly DecoratorArgument[],
) {
  return { role: { kind: 'doc', annotation }, on, args } as const;
}

export const DECORATORS = {
  Controller: { role: { kind: 'controller' }, on: ['class'], args: [ROUTE_PATH] },
  Get: route('GET', 'http'),
  Post: route('POST', 'http'),
  Put: route('PUT', 'http'),
  Patch: route('PATCH', 'http'),
  Delete: route('DELETE', 'http'),
  // The QUERY method (a safe, idempotent request with a body): its body is bound like POST's.
  QueryMethod: route('QUERY', 'http'),
  SSE: route('GET', 'sse'),
  WebSocket: route('GET', 'websocket'),
  defineMethod: {
    role: { kind: 'factory', makes: 'route' },
    on: [],
    args: [{ meaning: 'name', shape: 'string', optional: false }],
  },
  StatusCode: {
    role: { kind: 'response', sets: 'status' },
    on: ['method'],
    args: [{ meaning: 'status', shape: 'number', optional: false }],
  },
  SetHeader: {
    role: { kind: 'response', sets: 'header' },
    on: ['class', 'method'],
    args: [
      { meaning: 'name', shape: 'string', optional: false },
      { meaning: 'value', shape: 'string', optional: false },
    ],
  },
  Param: param('path', [BINDING_NAME]),
  Query: param('query', [BINDING_NAME]),
  // Recorded as written (the document shows `X-Request-Id`); the runtime looks it up lower-cased.
  Header: param('header', [BINDING_NAME]),
  Cookie: param('cookie', [BINDING_NAME]),
  Body: param('body', [{ meaning: 'key path', shape: 'string[]', optional: true, defaultValue: [] }]),
  Data: param('data', [{ meaning: 'key', shape: 'string', optional: true }]),
  Ctx: param('ctx', []),
  Messages: param('messages', []),
  Signal: param('signal', []),
  Next: param('next', []),
  component: {
    role: { kind: 'factory', makes: 'component' },
    on: [],
    args: [{ meaning: 'component class', shape: 'class', optional: false }],
  },
  Middleware: lifecycle('middleware', []),
  Guard: lifecycle('guard', []),
  Interceptor: lifecycle('interceptor', []),
  PreInterceptor: lifecycle('preInterceptor', []),
  PostInterceptor: lifecycle('postInterceptor', []),
  Catch: lifecycle('catch', [{ meaning: 'error class', shape: 'class', optional: true }]),
  App: {
    role: { kind: 'app' },
    on: ['class'],
    args: [{ meaning: 'options', shape: 'object', optional: true }],
  },
  // Options `{ limit, window, key? }` or `false` (opt out); nearest of route, controller, app wins.
  RateLimit: {
    role: { kind: 'rateLimit' },
    on: ['class', 'method'],
    args: [{ meaning: 'options', shape: 'object', optional: false }],
  },
  ApiInfo: doc('info', ['class'], [{ meaning: 'info', shape: 'object', optional: false }]),
  ApiSummary: doc('summary', ['method'], [TEXT]),
  ApiDescription: doc('description', ['method'], [TEXT]),
  ApiOperationId: doc(
    'operationId',
    ['method'],
    [{ meaning: 'operation id', shape: 'string', optional: false }],
  ),
  ApiTag: doc('tag', ['class', 'method'], [{ meaning: 'tag', shape: 'string', optional: true, rest: true }]),
  ApiResponse: doc(
    'response',
    ['class', 'method'],
    [
      { meaning: 'status', shape: 'number', optional: false },
      { meaning: 'options', shape: 'object', optional: false },
    ],
  ),
  ApiSecurity: doc(
    'security',
    ['class'],
    [
      { meaning: 'name', shape: 'string', optional: false },
      { meaning: 'scheme', shape: 'object', optional: false },
      { meaning: 'options', shape: 'object', optional: true },
    ],
  ),
  ApiHidden: doc('hidden', ['class', 'method', 'property'], []),
  ApiType: doc('type', ['parameter', 'property'], [{ meaning: 'schema', shape: 'object', optional: false }]),
} as const satisfies Record<string, DecoratorSpec>;

export type DecoratorName = keyof typeof DECORATORS;

/** The argument of the route decorators `defineMethod(NAME)` makes: a path, like `@Get`'s. */
export const CUSTOM_ROUTE_PATH = ROUTE_PATH;

/** The decorators svc exports under this name, or undefined for any other name. */
export function decoratorSpec(name: string): DecoratorSpec | undefined {
  return Object.hasOwn(DECORATORS, name) ? DECORATORS[name as DecoratorName] : undefined;
}

/** The argument as recorded: the default for an omitted one. */
export function normalizeArgument<T>(
  argument: DecoratorArgument & { defaultValue: T },
  value: T | undefined,
): T;
export function normalizeArgument<T>(
  argument: DecoratorArgument | undefined,
  value: T | undefined,
): T | undefined;
export function normalizeArgument<T>(
  argument: DecoratorArgument | undefined,
  value: T | undefined,
): T | undefined {
  // A copy of an array default, so no two records share (and could change) one array.
  const defaultValue = argument?.defaultValue;
  return (
    value === undefined ? (Array.isArray(defaultValue) ? [...defaultValue] : defaultValue) : value
  ) as T;
}

/** Names of the decorators with a role of this kind, in table order. */
export function decoratorsOfKind(kind: DecoratorRole['kind']): DecoratorName[] {
  return (Object.keys(DECORATORS) as DecoratorName[]).filter((name) => DECORATORS[name].role.kind === kind);
}
