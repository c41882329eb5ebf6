/**
 * Per-call credentials (docs/client.md, "Credentials"): each security scheme an operation's guards
 * check (`@ApiSecurity`) is a member of its call's `credentials`, typed from the scheme, and a
 * place on the wire the client writes it to. Optional when only guards that let anonymous
 * requests through check it; the `credentials` option itself is always optional, since the
 * client's `headers` may carry the credential for every call.
 */
import type { ClientCredential, ClientOperation } from './operations.js';
import { propertyKey } from './types.js';

/** Where a credential goes, and the auth scheme word written before it ('' writes it as given). */
interface Carrier {
  in: 'header' | 'query' | 'cookie';
  name: string;
  scheme: string;
}

/** `Basic`: the credential is a user and a password, sent as `Basic base64(user:password)`. */
const BASIC = 'Basic';

/** An API key goes where it says; HTTP, OAuth 2 and OpenID Connect tokens in `Authorization`. */
function carrierOf(scheme: Record<string, unknown>): Carrier | undefined {
  if (scheme.type === 'apiKey') {
    const place = scheme.in;
    const named = typeof scheme.name === 'string';
    return named && (place === 'header' || place === 'query' || place === 'cookie')
      ? { in: place, name: scheme.name as string, scheme: '' }
      : undefined;
  }
  if (scheme.type === 'http' && typeof scheme.scheme === 'string')
    return { in: 'header', name: 'Authorization', scheme: authScheme(scheme.scheme) };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
    return { in: 'header', name: 'Authorization', scheme: 'Bearer' };
  return undefined; // mutualTLS: the TLS connection carries it, no request field
}

/** `bearer` → `Bearer`: auth schemes are case-insensitive (RFC 9110, 11.1); this is how they are written. */
function authScheme(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** The operation's credentials that travel in the request, each with its carrier. */
function carried(operation: ClientOperation): { credential: ClientCredential; carrier: Carrier }[] {
  return operation.credentials.flatMap((credential) => {
    const carrier = carrierOf(credential.scheme);
    return carrier ? [{ credential, carrier }] : [];
  });
}

/** `CallOptions`, or `CallOptions & { credentials?: { Token: string } }` for an operation with security. */
export function callType(operation: ClientOperation): string {
  const members = carried(operation).map(({ credential, carrier }) => {
    const type = carrier.scheme === BASIC ? '{ username: string; password: string }' : 'string';
    return `${propertyKey(credential.name)}${credential.optional ? '?' : ''}: ${type};`;
  });
  return members.length === 0 ? 'CallOptions' : `CallOptions & { credentials?: { ${members.join(' ')} } }`;
}

/** The spec's `credentials: [[name, place, key, scheme]]` (`CredentialSpec`), or nothing without security. */
export function credentialsField(operation: ClientOperation): string[] {
  const specs = carried(operation).map(({ credential, carrier }) =>
    JSON.stringify([credential.name, carrier.in, carrier.name, carrier.scheme]),
  );
  return specs.length === 0 ? [] : [`credentials: [${specs.join(', ')}]`];
}
