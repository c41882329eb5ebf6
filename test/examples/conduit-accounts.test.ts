/**
 * examples/conduit's accounts over real sockets (`svc build`, then `svc start`): an email or a
 * username belongs to one user, on PUT /user as on POST /users. Found while fuzzing the app with
 * Schemathesis (scripts/schemathesis-conduit.sh): a user could rename itself to another's
 * username and take its email, and then two users answered to one name.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildAndStart, type BuiltApp } from '../document/spec-tester/served-build.js';

const SOURCE = fileURLToPath(new URL('../../examples/conduit/', import.meta.url));

interface Answer {
  status: number;
  type: string | null;
  body: unknown;
}

describe('examples/conduit: an email or username is one user’s', () => {
  let app: BuiltApp;
  before(async () => {
    app = await buildAndStart(SOURCE);
  });
  after(() => app?.stop());

  async function call(method: string, path: string, body: unknown, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers.authorization = `Token ${token}`;
    const response = await fetch(`${app.base}/api${path}`, { method, headers, body: JSON.stringify(body) });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.json(),
    };
  }

  async function register(name: string): Promise<string> {
    const user = { username: name, email: `${name}@example.com`, password: `${name}-password` };
    const answer = await call('POST', '/users', { user });
    assert.equal(answer.status, 201);
    return (answer.body as { user: { token: string } }).user.token;
  }

  const refusal = (message: string): Answer => ({
    status: 422,
    type: 'application/json',
    body: { errors: { body: [message] } },
  });

  it('refuses PUT /user to another user’s email or username 422, changing nothing; its own or a free one is fine', async () => {
    const alice = await register('alice');
    const bob = await register('bob');
    assert.deepEqual(
      await call('PUT', '/user', { user: { email: 'alice@example.com' } }, bob),
      refusal('email has already been taken'),
    );
    assert.deepEqual(
      await call('PUT', '/user', { user: { username: 'alice', bio: 'I am alice' } }, bob),
      refusal('username has already been taken'),
    );
    const bobNow = await call('GET', '/user', undefined, bob);
    assert.deepEqual(bobNow.body, {
      user: { email: 'bob@example.com', token: bob, username: 'bob', bio: null, image: null },
    });
    const aliceNow = await call('GET', '/user', undefined, alice);
    assert.deepEqual(aliceNow.body, {
      user: { email: 'alice@example.com', token: alice, username: 'alice', bio: null, image: null },
    });

    // Its own email and username are no conflict, and a free name is taken.
    const same = { email: 'bob@example.com', username: 'bob', bio: 'hi' };
    assert.deepEqual(await call('PUT', '/user', { user: same }, bob), {
      status: 200,
      type: 'application/json',
      body: { user: { ...same, token: bob, image: null } },
    });
    const renamed = await call('PUT', '/user', { user: { username: 'robert' } }, bob);
    assert.equal(renamed.status, 200);
    assert.equal((renamed.body as { user: { username: string } }).user.username, 'robert');
  });
});
