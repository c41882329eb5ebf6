import { component, Data, DataHolder, Guard, GuardResult, Header } from 'svcjs';

const tokens = new Map([
  ['s3cr3t-token-alice', 'alice'],
  ['s3cr3t-token-bob', 'bob'],
]);

class BearerAuth {
  @Guard()
  check(@Header('Authorization') auth: string | undefined, @Data() data: DataHolder): GuardResult {
    const user = auth?.startsWith('Bearer ') ? tokens.get(auth.slice('Bearer '.length)) : undefined;
    if (user === undefined)
      return GuardResult.block({ statusCode: 401, body: 'Missing or invalid bearer token' });
    data.set('user', user);
    return GuardResult.pass();
  }
}

export const RequireAuth = component(BearerAuth);
