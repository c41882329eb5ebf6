/** A bearer-token guard (docs/lifecycle.md), and a role guard that reads what it stored. */
import { ApiSecurity, component, Data, DataHolder, Guard, GuardResult, Header } from 'svcjs';

/** Known tokens and the role each one carries (a real app asks its identity provider). */
export const TOKENS = new Map<string, string>([
  ['reader-token', 'reader'],
  ['admin-token', 'admin'],
]);

/** The document lists `bearer` as the scheme of every route this guard covers, with no Authorization parameter. */
@ApiSecurity('bearer', { type: 'http', scheme: 'bearer' })
export class BearerAuth {
  @Guard()
  check(@Header('Authorization') auth: string | undefined, @Data() data: DataHolder): GuardResult {
    if (!auth || !auth.startsWith('Bearer ')) {
      return GuardResult.block({ statusCode: 401, body: 'Missing or invalid Authorization header' });
    }
    const token = auth.slice('Bearer '.length);
    if (!TOKENS.has(token)) return GuardResult.block({ statusCode: 401, body: 'Invalid token' });
    data.set('token', token);
    return GuardResult.pass();
  }
}
export const RequireAuth = component(BearerAuth);

export class RoleGuard {
  constructor(private readonly role: string) {}

  @Guard()
  check(@Data('token') token: string | undefined): GuardResult {
    if (token === undefined || TOKENS.get(token) !== this.role) {
      return GuardResult.block({ statusCode: 403, body: `Requires role ${this.role}` });
    }
    return GuardResult.pass();
  }
}
export const RequireRole = component(RoleGuard);
