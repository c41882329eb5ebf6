/**
 * What the decorators record. Decorators never do work: they write plain records here, and
 * `createApp` reads them once at start-up and joins them with the analyzer's app model.
 *
 * Legacy decorators run bottom-up (the one written last runs first), so every list that keeps
 * "the order written" is built with `unshift`.
 */
import type { ComponentRole, ParamSource } from '../../model/app-model.js';
import type { CorsOptions, StaticAppOptions } from '../../model/app-options.js';
import type { RateLimitOptions } from '../rate-limit/options.js';

export type Constructor<T = object> = abstract new (...args: any[]) => T;

export interface ParamRecord {
  index: number;
  source: ParamSource;
  /** Explicit name or body key path given to the decorator; undefined means "use the parameter name". */
  key?: string | string[];
}

/** One application of a component decorator, with the arguments for the component's constructor. */
export interface ComponentUse {
  componentClass: Constructor;
  args: unknown[];
}

export interface RouteRecord {
  methodName: string;
  httpMethod: string;
  kind: 'http' | 'sse' | 'websocket';
  custom: boolean;
  path: string;
}

export interface MethodRecord {
  methodName: string;
  route?: RouteRecord;
  role?: { role: ComponentRole; catches?: Constructor };
  statusCode?: number;
  headers: [string, string][];
  components: ComponentUse[];
  params: ParamRecord[];
  /** `@RateLimit(...)` on the method. */
  rateLimit?: RateLimitOptions | false;
}

export interface ClassRecord {
  target: Constructor;
  controllerPath?: string;
  app?: AppOptions;
  headers: [string, string][];
  components: ComponentUse[];
  methods: Map<string, MethodRecord>;
  /** `@RateLimit(...)` on the class (a controller or the `@App` class). */
  rateLimit?: RateLimitOptions | false;
}

/** A provider for a constructor dependency, matched by the dependency's declared class. */
export type Provider =
  | Constructor
  | { provide: Constructor; useValue: unknown }
  | { provide: Constructor; useClass: Constructor }
  | { provide: Constructor; useFactory: () => unknown };

/**
 * `@App({...})`: where the app listens, its providers, and every static app option of the one
 * option table (read by the analyzer; `createApp`'s own argument wins over them).
 */
export interface AppOptions extends Omit<StaticAppOptions, 'cors'> {
  /** A function `origin` is read here at start-up (the model cannot hold it). */
  cors?: CorsOptions | false;
  prefix?: string;
  host?: string;
  port?: number;
  providers?: Provider[];
}

const records = new Map<Constructor, ClassRecord>();

export function classRecord(target: Constructor): ClassRecord {
  let record = records.get(target);
  if (!record) {
    record = { target, headers: [], components: [], methods: new Map() };
    records.set(target, record);
  }
  return record;
}

export function methodRecord(target: Constructor, methodName: string): MethodRecord {
  const owner = classRecord(target);
  let record = owner.methods.get(methodName);
  if (!record) {
    record = { methodName, headers: [], components: [], params: [] };
    owner.methods.set(methodName, record);
  }
  return record;
}

/** Every class any svc decorator touched, in the order their modules were evaluated. */
export function allClassRecords(): ReadonlyMap<Constructor, ClassRecord> {
  return records;
}

/** The record of a class, if any decorator touched it. */
export function findClassRecord(target: Constructor): ClassRecord | undefined {
  return records.get(target);
}
