/** The `@App` class (prefix, host, port, app-level components) and the document's info. */
import fs from 'node:fs';
import path from 'node:path';
import type ts from 'typescript';
import type { ApiInfoModel, AppClassModel } from '../model/app-model.js';
import { exportNameOf, moduleOf } from './classes.js';
import { locationOf, type AnalysisContext } from './context.js';
import { findSvc, type SvcDecorator } from './decorators.js';
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
}

export function defaultAppSettings(): AppSettings {
  return { prefix: DEFAULT_PREFIX, host: DEFAULT_HOST, port: DEFAULT_PORT, info: {} };
}

/** Reads `@App({...})` and `@ApiInfo({...})` from the app class. */
export function extractAppSettings(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  decorators: SvcDecorator[],
): AppSettings {
  const settings = defaultAppSettings();
  const options = objectProperties(findSvc(decorators, 'App')?.args[0]);
  const prefix = options.get('prefix');
  if (prefix)
    settings.prefix = normalizePrefix(requireStatic(context, prefix, 'string', '@App prefix') ?? '/api');
  const host = options.get('host');
  if (host) settings.host = requireStatic(context, host, 'string', '@App host') ?? DEFAULT_HOST;
  const port = options.get('port');
  if (port) settings.port = requireStatic(context, port, 'number', '@App port') ?? DEFAULT_PORT;
  settings.info = readApiInfo(context, findSvc(decorators, 'ApiInfo')?.args[0]);
  const app: AppClassModel = {
    ...locationOf(context, declaration.name ?? declaration),
    className: declaration.name?.text ?? 'default',
    module: moduleOf(context, declaration),
    components: componentUses(decorators),
  };
  const exportName = exportNameOf(context, declaration);
  if (exportName) app.exportName = exportName;
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

/** `@ApiInfo` wins over `svc.config.json`, which wins over the defaults (`API`, `1.0.0`). */
export function resolveInfo(context: AnalysisContext, fromDecorator: Partial<ApiInfoModel>): ApiInfoModel {
  const fromConfig = readConfigInfo(context);
  const info: ApiInfoModel = {
    title: fromDecorator.title ?? fromConfig.title ?? 'API',
    version: fromDecorator.version ?? fromConfig.version ?? '1.0.0',
  };
  const description = fromDecorator.description ?? fromConfig.description;
  if (description !== undefined) info.description = description;
  return info;
}

function readConfigInfo(context: AnalysisContext): Partial<ApiInfoModel> {
  const file = path.join(context.root, 'svc.config.json');
  if (!fs.existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    context.diagnostics.push({
      severity: 'error',
      code: 'SVC_ERR_CONFIG_INVALID',
      message: `svc.config.json is not valid JSON: ${(error as Error).message}`,
      file: 'svc.config.json',
      line: 1,
    });
    return {};
  }
  const openapi = (parsed as { openapi?: Record<string, unknown> } | null)?.openapi ?? {};
  const info: Partial<ApiInfoModel> = {};
  for (const key of ['title', 'version', 'description'] as const) {
    const value = openapi[key];
    if (typeof value === 'string') info[key] = value;
  }
  return info;
}
