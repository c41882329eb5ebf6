/**
 * `@ApiSecurity(name, scheme, { optional? })` on a lifecycle component class, and the warning for a guard that
 * reads the `Authorization` header without one: the document then has no security requirement
 * for the routes it covers, and OpenAPI tools ignore an `Authorization` header parameter, so a
 * client built from it can never authenticate (docs/openapi.md, "Security").
 */
import ts from './typescript.cjs';
import type { ComponentModel, SecurityModel } from '../model/app-model.js';
import { reportError, type AnalysisContext } from './context.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { findSvc, readArgument, svcDecorators } from './decorators.js';
import { readStatic, NOT_STATIC } from './static-values.js';

/** The scheme `@ApiSecurity` declares on the class, if any. */
export function readApiSecurity(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): SecurityModel | undefined {
  const decorator = findSvc(svcDecorators(context, declaration), 'ApiSecurity');
  if (!decorator) return undefined;
  const name = readArgument(context, decorator, 0);
  const schemeArgument = decorator.args[1];
  const scheme = schemeArgument ? readStatic(context, schemeArgument) : NOT_STATIC;
  if (scheme === NOT_STATIC || scheme === null || typeof scheme !== 'object' || Array.isArray(scheme)) {
    reportError(
      context,
      'SVC_ERR_NOT_STATIC',
      '@ApiSecurity scheme must be an object literal known at build time (an OpenAPI security scheme object)',
      schemeArgument ?? decorator.node,
    );
    return undefined;
  }
  if (typeof name !== 'string') return undefined;
  const optional = readSecurityOptions(context, decorator.args[2]);
  return optional ? { name, scheme, optional } : { name, scheme };
}

/** The options `@ApiSecurity` knows, each with the type its value must have. */
const SECURITY_OPTIONS: Record<string, 'boolean'> = { optional: 'boolean' };

/**
 * `{ optional: true }` → true; absent or `{ optional: false }` → undefined. Anything the analyzer
 * cannot read, or an option it does not know, is an error at the argument: the document would
 * otherwise say "required" of a route that lets anonymous requests through, or the reverse.
 */
function readSecurityOptions(
  context: AnalysisContext,
  argument: ts.Expression | undefined,
): true | undefined {
  if (!argument) return undefined;
  const options = readStatic(context, argument);
  if (options === NOT_STATIC || options === null || typeof options !== 'object' || Array.isArray(options)) {
    reportError(
      context,
      'SVC_ERR_NOT_STATIC',
      `@ApiSecurity options must be an object literal known at build time ({ optional: true }), got \`${argument.getText()}\``,
      argument,
    );
    return undefined;
  }
  for (const [key, value] of Object.entries(options)) {
    const kind = Object.hasOwn(SECURITY_OPTIONS, key) ? SECURITY_OPTIONS[key] : undefined;
    if (kind === undefined) {
      const known = Object.keys(SECURITY_OPTIONS).join(', ');
      reportError(
        context,
        'SVC_ERR_UNKNOWN_OPTION',
        `@ApiSecurity option '${key}' is unknown (known: ${known})`,
        argument,
      );
    } else if (typeof value !== kind) {
      reportError(
        context,
        'SVC_ERR_NOT_STATIC',
        `@ApiSecurity option '${key}' must be a ${kind} literal`,
        argument,
      );
    }
  }
  return options.optional === true ? true : undefined;
}

/** A warning for each guard method of a component without `@ApiSecurity` that binds `Authorization`. */
export function unsecuredAuthorizationWarnings(components: readonly ComponentModel[]): AnalyzerDiagnostic[] {
  const warnings: AnalyzerDiagnostic[] = [];
  for (const component of components) {
    if (component.security) continue;
    for (const method of component.methods) {
      if (method.role !== 'guard') continue;
      const param = method.params.find(
        (candidate) =>
          candidate.source === 'header' && String(candidate.key).toLowerCase() === 'authorization',
      );
      if (!param) continue;
      warnings.push({
        severity: 'warning',
        message:
          `${param.file}:${param.line}: warning: the guard ${component.className}.${method.methodName} reads the ` +
          `Authorization header but ${component.className} has no @ApiSecurity(name, scheme); the document ` +
          'shows no security requirement for the routes it covers',
        file: param.file,
        line: param.line,
      });
    }
  }
  return warnings;
}
