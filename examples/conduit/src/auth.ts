/**
 * `Authorization: Token <token>` (RealWorld's scheme): an opaque token the store issued. Two guards
 * share the check: one refuses a request without a token, the other lets it through anonymous.
 */
import { ApiSecurity, component, Data, DataHolder, Guard, GuardResult, Header } from 'svcjs';
import { envelope, type ErrorEnvelope } from './envelope.js';
import { Store, type StoredUser } from './store.js';

/** The user a `Token <token>` header names, or undefined for a malformed or unknown one. */
function userOf(store: Store, auth: string): StoredUser | undefined {
  return auth.startsWith('Token ') ? store.userByToken(auth.slice('Token '.length)) : undefined;
}

@ApiSecurity('Token', { type: 'apiKey', in: 'header', name: 'Authorization' })
export class TokenAuth {
  constructor(private readonly store: Store) {}

  @Guard()
  check(@Header('Authorization') auth: string | undefined, @Data() data: DataHolder): GuardResult {
    const user = auth === undefined ? undefined : userOf(this.store, auth);
    if (!user) {
      const body: ErrorEnvelope = envelope('missing or invalid token');
      return GuardResult.block({ statusCode: 401, body });
    }
    data.set('user', user);
    data.set('token', auth!.slice('Token '.length));
    return GuardResult.pass();
  }
}
export const Authenticated = component(TokenAuth);

@ApiSecurity('Token', { type: 'apiKey', in: 'header', name: 'Authorization' }, { optional: true })
export class OptionalTokenAuth {
  constructor(private readonly store: Store) {}

  @Guard()
  check(@Header('Authorization') auth: string | undefined, @Data() data: DataHolder): GuardResult {
    if (auth === undefined) return GuardResult.pass(); // anonymous: no user stored
    const user = userOf(this.store, auth);
    if (!user) {
      const body: ErrorEnvelope = envelope('invalid token');
      return GuardResult.block({ statusCode: 401, body });
    }
    data.set('user', user);
    return GuardResult.pass();
  }
}
export const OptionalAuth = component(OptionalTokenAuth);
