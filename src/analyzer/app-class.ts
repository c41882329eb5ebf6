/** The `@App` class (prefix, host, port, app-level components) and the document's info. */
import type ts from 'typescript';
import type { StaticAppOptions } from '../model/app-options.js';
import type { ApiInfoModel, AppClassModel } from '../model/app-model.js';
import type { RateLimitModel } from '../model/rate-limit.js';
import { readDecoratorOptions, readProviderRefs } from './app-options.js';
import { exportNameOf, moduleOf } from './classes.js';
import { locationOf, type AnalysisContext } from './context.js';
import { findSvc, type SvcDecorator } from './decorators.js';
import { readResponses } from './route-docs.js';
import { readRateLimit } from './rate-limit.js';
import { componentUses } from './routes.js';
import { objectProperties, requireStatic } from './static-values.js';

export const DEFAULT_PREFIX = '/api';
export const DEFAULT_HOST = 'localhost';
export const DEFAULT_PORT = 8080;

export interface AppSettings {
  prefix: string;
  host: string;
  port: number;
  app?: AppClassModel;
  /** `@ApiInfo` fields as written on the app class. */
  info: Partial<ApiInfoModel>;
  /** The option-table options written in `@App({...})`. */
  options: StaticAppOptions;
  /** `@RateLimit` on the app class: every route's limit unless its controller or itself has one. */
  rateLimit?: RateLimitModel | false;
}

export function defaultAppSettings(): AppSettings {
  return { prefix: DEFAULT_PREFIX, host: DEFAULT_HOST, port: DEFAULT_PORT, info: {}, options: {} };
}

/** Reads `@App({...})` and `@ApiInfo({...})` from the app class. */
export function extractAppSettings(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  decorators: SvcDecorator[],
): AppSettings {
  const settings = defaultAppSettings();
  const argument = findSvc(decorators, 'App')?.args[0];
  const options = objectProperties(argument);
  const prefix = options.get('prefix');
  if (prefix)
    settings.prefix = normalizePrefix(requireStatic(context, prefix, 'string', '@App prefix') ?? '/api');
  const host = options.get('host');
  if (host) settings.host = requireStatic(context, host, 'string', '@App host') ?? DEFAULT_HOST;
  const port = options.get('port');
  if (port) settings.port = requireStatic(context, port, 'number', '@App port') ?? DEFAULT_PORT;
  settings.info = readApiInfo(context, findSvc(decorators, 'ApiInfo')?.args[0]);
  settings.options = readDecoratorOptions(context, argument);
  const rateLimit = readRateLimit(context, decorators, 'app');
  if (rateLimit !== undefined) settings.rateLimit = rateLimit;
  const app: AppClassModel = {
    ...locationOf(context, declaration.name ?? declaration),
    className: declaration.name?.text ?? 'default',
    module: moduleOf(context, declaration),
    components: componentUses(decorators),
  };
  const exportName = exportNameOf(context, declaration);
  if (exportName) app.exportName = exportName;
  const providers = readProviderRefs(context, argument);
  if (providers.length > 0) app.providers = providers;
  const responses = readResponses(context, decorators);
  if (responses.length > 0) app.responses = responses;
  settings.app = app;
  return settings;
}

/** Leading slash, no trailing slash; `''` and `'/'` mean no prefix. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.split('/').filter(Boolean).join('/');
  return trimmed === '' ? '' : `/${trimmed}`;
}

function readApiInfo(context: AnalysisContext, argument: ts.Expression | undefined): Partial<ApiInfoModel> {
  const info: Partial<ApiInfoModel> = {};
  for (const [key, expression] of objectProperties(argument)) {
    if (key !== 'title' && key !== 'version' && key !== 'description') continue;
    const value = requireStatic(context, expression, 'string', `@ApiInfo ${key}`);
    if (value !== undefined) info[key] = value;
  }
  return info;
}

/** `@ApiInfo` wins over `svc.config.json` (`{"openapi": {...}}`), which wins over the defaults (`API`, `1.0.0`). */
export function resolveInfo(
  fromDecorator: Partial<ApiInfoModel>,
  config: Record<string, unknown>,
): ApiInfoModel {
  const fromConfig = readConfigInfo(config);
  const info: ApiInfoModel = {
    title: fromDecorator.title ?? fromConfig.title ?? 'API',
    version: fromDecorator.version ?? fromConfig.version ?? '1.0.0',
  };
  const description = fromDecorator.description ?? fromConfig.description;
  if (description !== undefined) info.description = description;
  return info;
}

function readConfigInfo(config: Record<string, unknown>): Partial<ApiInfoModel> {
  const openapi = (config.openapi ?? {}) as Record<string, unknown>;
  const info: Partial<ApiInfoModel> = {};
  for (const key of ['title', 'version', 'description'] as const) {
    const value = openapi[key];
    if (typeof value === 'string') info[key] = value;
  }
  return info;
}
