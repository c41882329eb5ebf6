/**
 * The one table of parameter sources: for each place a handler or component parameter is bound
 * from (`ParamSource`; its decorator is in ./decorators.ts), what svc does with the value. The
 * analyzer, the runtime's binding and validation, the OpenAPI writer and the client generator read
 * these facts here, so no part can validate, document or pass on a source another part forgot.
 *
 * Plain data and small readers: no imports beyond model types, so every side may load it.
 */
import type { ParamSource } from './app-model.js';

/** Where an OpenAPI parameter is (`in`). */
type OpenApiIn = 'path' | 'query' | 'header' | 'cookie';

export interface ParamSourceFacts {
  /** The value comes from the request the client sent; the other sources are svc's own values. */
  readonly wire: boolean;
  /** Coerced to its declared type and checked: a bad value is a 400 whose `errors` name this source. */
  readonly validated: boolean;
  /** The analyzer converts the parameter's declared type to its schema; the others get `{}`. */
  readonly typed: boolean;
  /** How a route's operation shows it: a parameter `in` a location, the request body, or not at all. */
  readonly documented:
    | { readonly as: 'parameter'; readonly in: OpenApiIn }
    | { readonly as: 'requestBody' }
    | { readonly as: 'none' };
  /** Documented on every route it covers when a middleware, guard or pre-interceptor binds it. */
  readonly componentDocumented: boolean;
  /** The typed client's operation takes it as an argument. */
  readonly clientArgument: boolean;
}

/** Not from the request: svc hands the parameter a value of its own, unchecked and undocumented. */
const SVC_VALUE = {
  wire: false,
  validated: false,
  typed: false,
  documented: { as: 'none' },
  componentDocumented: false,
  clientArgument: false,
} as const;

// Input sources come first, in the order the problem schema's `errors[].in` lists them.
export const PARAM_SOURCES = {
  query: {
    wire: true,
    validated: true,
    typed: true,
    documented: { as: 'parameter', in: 'query' },
    componentDocumented: true,
    clientArgument: true,
  },
  path: {
    wire: true,
    validated: true,
    typed: true,
    documented: { as: 'parameter', in: 'path' },
    // A component's `@Param` is not documented: the route's own path decides its segments.
    componentDocumented: false,
    clientArgument: true,
  },
  header: {
    wire: true,
    validated: true,
    typed: true,
    documented: { as: 'parameter', in: 'header' },
    componentDocumented: true,
    clientArgument: true,
  },
  cookie: {
    wire: true,
    validated: true,
    typed: true,
    documented: { as: 'parameter', in: 'cookie' },
    componentDocumented: true,
    clientArgument: true,
  },
  body: {
    wire: true,
    validated: true,
    typed: true,
    // Every `@Body` of a route (whole or at key paths) is part of its one request body.
    documented: { as: 'requestBody' },
    componentDocumented: false,
    clientArgument: true,
  },
  data: SVC_VALUE,
  ctx: SVC_VALUE,
  // A WebSocket's messages arrive after the request and pass unchecked; the analyzer writes the
  // schema of their item type (not of the declared type) for OpenAPI 3.2's document alone.
  messages: SVC_VALUE,
  next: SVC_VALUE,
  signal: SVC_VALUE,
} as const satisfies Record<ParamSource, ParamSourceFacts>;

type Table = typeof PARAM_SOURCES;

/** The sources whose `fact` is `true` in the table. */
type SourcesWhere<F extends keyof ParamSourceFacts> = {
  [S in ParamSource]: Table[S][F] extends true ? S : never;
}[ParamSource];

/** The sources read from the request. */
export type WireSource = SourcesWhere<'wire'>;
/** svc's own values: the sources not read from the request. */
export type SvcValueSource = Exclude<ParamSource, WireSource>;
/** The sources checked against their types: what a 400 problem's `errors[].in` names. */
export type InputLocation = SourcesWhere<'validated'>;
/** The sources the typed client takes as arguments. */
export type ClientArgumentSource = SourcesWhere<'clientArgument'>;
/** Where the sources documented as OpenAPI parameters are (`in`). */
export type ParameterLocation = Extract<Table[ParamSource]['documented'], { as: 'parameter' }>['in'];

const SOURCES = Object.keys(PARAM_SOURCES) as ParamSource[];

/** Every input location, in table order. */
export const INPUT_LOCATIONS = SOURCES.filter((source) => PARAM_SOURCES[source].validated) as InputLocation[];

export function isWireSource(source: ParamSource): source is WireSource {
  return PARAM_SOURCES[source].wire;
}

export function isValidatedSource(source: ParamSource): source is InputLocation {
  return PARAM_SOURCES[source].validated;
}

export function isTypedSource(source: ParamSource): boolean {
  return PARAM_SOURCES[source].typed;
}

export function isClientArgumentSource(source: ParamSource): source is ClientArgumentSource {
  return PARAM_SOURCES[source].clientArgument;
}

/** Where a route's parameter of this source is documented as an OpenAPI parameter; undefined when it is not. */
export function parameterLocation(source: ParamSource): ParameterLocation | undefined {
  const documented = PARAM_SOURCES[source].documented;
  return documented.as === 'parameter' ? documented.in : undefined;
}

/** The same for a parameter a covering component's method binds. */
export function componentParameterLocation(source: ParamSource): ParameterLocation | undefined {
  return PARAM_SOURCES[source].componentDocumented ? parameterLocation(source) : undefined;
}
