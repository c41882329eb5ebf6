/**
 * Security from `@ApiSecurity(name, scheme, options?)` on the components that cover a route
 * (docs/openapi.md, "Security"): the requirements the operation lists, and the parameter that
 * carries the credential, which the document leaves out (OpenAPI tools send it themselves, and
 * 3.0.3 says they ignore an `Authorization` header parameter).
 */
import type { ComponentModel, SecurityModel } from '../model/app-model.js';
import type { OpenApiSecurityRequirement } from './types.js';

/** What a credential is matched on: where a parameter is and its name. */
interface Located {
  in: string;
  name: string;
}

/**
 * The operation's requirements (alternatives: a request meeting any one passes). Without optional
 * schemes, one object naming every scheme of the covering components. With optional ones
 * (`@ApiSecurity(..., { optional: true })`), two: the required schemes alone (`{}` when there are
 * none: an anonymous request passes), and the required ones with the optional ones.
 */
export function securityRequirement(covering: readonly ComponentModel[]): OpenApiSecurityRequirement[] {
  const security = coveringSecurity(covering);
  if (security.length === 0) return [];
  const required = namesOf(security.filter((scheme) => !scheme.optional));
  const all = namesOf(security);
  return all.length === required.length
    ? [requirementOf(all)]
    : [requirementOf(required), requirementOf(all)];
}

function namesOf(security: readonly SecurityModel[]): string[] {
  return [...new Set(security.map((scheme) => scheme.name))];
}

function requirementOf(names: readonly string[]): OpenApiSecurityRequirement {
  return Object.fromEntries(names.map((name) => [name, []]));
}

export function coveringSecurity(covering: readonly ComponentModel[]): SecurityModel[] {
  return covering.flatMap((component) => (component.security ? [component.security] : []));
}

/** Where a scheme's credential travels: an API key's own place, the `Authorization` header otherwise. */
function carrierOf(scheme: Record<string, unknown>): Located | undefined {
  if (scheme.type === 'apiKey') {
    return typeof scheme.in === 'string' && typeof scheme.name === 'string'
      ? { in: scheme.in, name: scheme.name }
      : undefined;
  }
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return { in: 'header', name: 'Authorization' };
  }
  return undefined;
}

/** The parameters without those that carry one of the schemes' credentials (header names case-insensitively). */
export function withoutCredentials<P extends Located>(
  parameters: P[],
  schemes: readonly SecurityModel[],
): P[] {
  const carriers = schemes.flatMap((security) => carrierOf(security.scheme) ?? []);
  const same = (parameter: P, carrier: Located): boolean =>
    parameter.in === carrier.in &&
    (parameter.in === 'header'
      ? parameter.name.toLowerCase() === carrier.name.toLowerCase()
      : parameter.name === carrier.name);
  return parameters.filter((parameter) => !carriers.some((carrier) => same(parameter, carrier)));
}
