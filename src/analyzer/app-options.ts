/**
 * App options written statically: `@App({...})` and `svc.config.json` (`{"app": {...}}`), each
 * checked against the one option table (`model/app-options.ts`). `@App` wins over the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from './typescript.cjs';
import {
  APP_DECORATOR_ONLY_OPTIONS,
  APP_OPTION_NAMES,
  APP_OPTIONS,
  type AppOptionName,
  DEFAULT_HEALTH_LIVE,
  DEFAULT_HEALTH_READY,
  invalidOptionReason,
  isAppOptionName,
  type StaticAppOptions,
} from '../model/app-options.js';
import type { ClassRefModel, ControllerModel } from '../model/app-model.js';
import { importableAs } from './classes.js';
import { reportError, type AnalysisContext } from './context.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { NOT_STATIC, objectProperties, readStatic } from './static-values.js';
import { resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

export const CONFIG_FILE = 'svc.config.json';

/** The parsed `svc.config.json`, `{}` when there is none; invalid JSON is reported once, here. */
export function readSvcConfig(context: AnalysisContext): Record<string, unknown> {
  const file = path.join(context.root, CONFIG_FILE);
  if (!fs.existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    configError(
      context,
      'SVC_ERR_CONFIG_INVALID',
      `${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`,
    );
    return {};
  }
  if (isPlainObject(parsed)) return parsed;
  configError(context, 'SVC_ERR_CONFIG_INVALID', `${CONFIG_FILE} must hold a JSON object`);
  return {};
}

/** The `app` section of the config, each option checked; unknown names are errors naming the file. */
export function readConfigOptions(
  context: AnalysisContext,
  config: Record<string, unknown>,
): StaticAppOptions {
  const section = config.app;
  if (section === undefined) return {};
  if (!isPlainObject(section)) {
    configError(context, 'SVC_ERR_INVALID_OPTION', `${CONFIG_FILE}: "app" must be an object`);
    return {};
  }
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(section)) {
    if (!isAppOptionName(name)) {
      configError(context, 'SVC_ERR_UNKNOWN_OPTION', `${CONFIG_FILE}: ${unknownOption(name, 'app option')}`);
      continue;
    }
    const reason = invalidOptionReason(name, value, false);
    if (reason === undefined) options[name] = value;
    else configError(context, 'SVC_ERR_INVALID_OPTION', `${CONFIG_FILE}: app option '${name}' ${reason}`);
  }
  return options;
}

/** The table's options written in `@App({...})`; host, port, prefix and providers are read elsewhere. */
export function readDecoratorOptions(
  context: AnalysisContext,
  argument: ts.Expression | undefined,
): StaticAppOptions {
  const options: Record<string, unknown> = {};
  for (const [name, expression] of objectProperties(argument)) {
    if ((APP_DECORATOR_ONLY_OPTIONS as readonly string[]).includes(name)) continue;
    if (!isAppOptionName(name)) {
      const known = [...APP_OPTION_NAMES, ...APP_DECORATOR_ONLY_OPTIONS].sort();
      reportError(
        context,
        'SVC_ERR_UNKNOWN_OPTION',
        `@App ${unknownOption(name, 'option', known)}`,
        expression.parent,
      );
      continue;
    }
    const value = readStatic(context, expression);
    if (value === NOT_STATIC && readAtStartUp(context, name, expression)) {
      // Left to the runtime, which reads the live decorator; also hides svc.config.json's value.
      options[name] = undefined;
      continue;
    }
    const reason =
      value === NOT_STATIC ? notStaticReason(expression) : invalidOptionReason(name, value, false);
    if (reason === undefined) options[name] = value;
    else reportError(context, 'SVC_ERR_INVALID_OPTION', `@App option '${name}' ${reason}`, expression);
  }
  return options;
}

/**
 * App routes that answer GET on a path of svc's health endpoints (the `health` option: on by
 * default at /health/live and /health/ready, outside the prefix). The server would refuse to
 * start with both (SVC_ERR_DUPLICATE_ROUTE), so the analysis says so first, at the route.
 */
export function healthRouteClashes(
  controllers: readonly ControllerModel[],
  health: StaticAppOptions['health'],
): AnalyzerDiagnostic[] {
  if (health === false) return [];
  const endpoints = new Map([
    [health?.live ?? DEFAULT_HEALTH_LIVE, 'live'],
    [health?.ready ?? DEFAULT_HEALTH_READY, 'ready'],
  ]);
  return controllers.flatMap((controller) =>
    controller.routes.flatMap((route): AnalyzerDiagnostic[] => {
      const key = route.httpMethod === 'GET' ? endpoints.get(route.fullPath) : undefined;
      if (key === undefined) return [];
      const message =
        `GET ${route.fullPath} (${controller.className}.${route.methodName}) is also svc's health endpoint ` +
        `health.${key}; move the route, or move the endpoint (@App({ health: { ${key}: '/…' } })) or turn it off (health: false)`;
      return [
        { severity: 'error', code: 'SVC_ERR_DUPLICATE_ROUTE', message, file: route.file, line: route.line },
      ];
    }),
  );
}

/** `@App` wins over `svc.config.json`, option by option. */
export function mergeStaticOptions(
  fromDecorator: StaticAppOptions,
  fromConfig: StaticAppOptions,
): StaticAppOptions {
  return { ...fromConfig, ...fromDecorator };
}

/** Classes named in `@App({ providers: [...] })`: a class, or the `useClass` of an object form. */
export function readProviderRefs(
  context: AnalysisContext,
  argument: ts.Expression | undefined,
): ClassRefModel[] {
  const list = objectProperties(argument).get('providers');
  const node = list && skipOuterExpressions(list);
  if (!node || !ts.isArrayLiteralExpression(node)) return [];
  const refs: ClassRefModel[] = [];
  for (const element of node.elements) {
    const classExpression = ts.isObjectLiteralExpression(element)
      ? objectProperties(element).get('useClass')
      : element;
    const ref = classExpression && classRefOf(context, classExpression);
    if (ref) refs.push(ref);
  }
  return refs;
}

function classRefOf(context: AnalysisContext, expression: ts.Expression): ClassRefModel | undefined {
  const node = skipOuterExpressions(expression);
  if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
  const declaration = resolveSymbol(context.checker, node)?.declarations?.find(ts.isClassDeclaration);
  const importable = declaration && importableAs(context, declaration);
  return importable && { className: declaration.name?.text ?? 'default', ...importable };
}

/**
 * An option `@App` may give with functions inside (a CORS origin function): an object literal
 * whose every property is a function or a static value. The runtime checks it in full.
 */
function readAtStartUp(context: AnalysisContext, name: AppOptionName, expression: ts.Expression): boolean {
  if (!APP_OPTIONS[name].runtimeOnly?.fromAppDecorator) return false;
  const node = skipOuterExpressions(expression);
  if (!ts.isObjectLiteralExpression(node)) return false;
  return [...objectProperties(node).values()].every((property) => {
    const inner = skipOuterExpressions(property);
    return (
      ts.isArrowFunction(inner) ||
      ts.isFunctionExpression(inner) ||
      readStatic(context, property) !== NOT_STATIC
    );
  });
}

function notStaticReason(expression: ts.Expression): string {
  const node = skipOuterExpressions(expression);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node))
    return 'a function can only be given to createApp';
  return `must be known at build time (a literal or a constant), got \`${expression.getText()}\``;
}

function unknownOption(name: string, what: string, known: readonly string[] = APP_OPTION_NAMES): string {
  return `${what} '${name}' is unknown (known: ${known.join(', ')})`;
}

function configError(
  context: AnalysisContext,
  code: Parameters<typeof reportError>[1],
  message: string,
): void {
  context.diagnostics.push({ severity: 'error', code, message, file: CONFIG_FILE, line: 1 });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
