/**
 * examples/conduit (RealWorld) served the way a user ships it (`svc build`, then `svc start`),
 * driven over real sockets: a whole flow, and every error in the app's one envelope.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildAndStart, type BuiltApp } from '../document/spec-tester/served-build.js';

const SOURCE = fileURLToPath(new URL('../../examples/conduit/', import.meta.url));

interface Answer {
  status: number;
  type: string | null;
  body: any;
}

describe('examples/conduit end to end under svc start', () => {
  let app: BuiltApp;
  before(async () => {
    app = await buildAndStart(SOURCE);
  });
  after(() => app?.stop());

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Token ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const response = await fetch(`${app.base}/api${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: text ? JSON.parse(text) : null,
    };
  }

  function assertEnvelope(answer: Answer, status: number, messages: string[]): void {
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    assert.match(answer.type ?? '', /^application\/json/);
    assert.deepEqual(answer.body, { errors: { body: messages } });
  }

  it('registers, signs in, writes, lists, comments, and refuses in the envelope', async () => {
    const jake = { username: 'jake', email: 'jake@jake.jake', password: 'jakejake' };
    const registered = await call('POST', '/users', { body: { user: jake } });
    assert.equal(registered.status, 201);
    assert.deepEqual(Object.keys(registered.body.user).sort(), [
      'bio',
      'email',
      'image',
      'token',
      'username',
    ]);
    assertEnvelope(await call('POST', '/users', { body: { user: jake } }), 422, [
      'email has already been taken',
    ]);

    const login = await call('POST', '/users/login', {
      body: { user: { email: jake.email, password: jake.password } },
    });
    assert.equal(login.status, 200);
    const token: string = login.body.user.token;
    assert.notEqual(token, registered.body.user.token);
    const me = await call('GET', '/user', { token });
    assert.deepEqual(me.body, { user: { ...login.body.user } });

    const draft = {
      title: 'How to train your dragon',
      description: 'Ever wonder how?',
      body: 'Very carefully.',
      tagList: ['dragons'],
    };
    const created = await call('POST', '/articles', { token, body: { article: draft } });
    assert.equal(created.status, 201);
    const slug: string = created.body.article.slug;
    assert.equal(created.body.article.author.username, 'jake');

    // The demo user follows jake and favorites the article: anonymous readers see neither.
    assert.equal(
      (await call('POST', '/profiles/jake/follow', { token: 'demo-token' })).body.profile.following,
      true,
    );
    assert.equal(
      (await call('POST', `/articles/${slug}/favorite`, { token: 'demo-token' })).body.article.favorited,
      true,
    );
    const anonymous = await call('GET', '/articles?author=jake');
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.body.articlesCount, 1);
    assert.deepEqual(
      [
        anonymous.body.articles[0].favorited,
        anonymous.body.articles[0].author.following,
        anonymous.body.articles[0].favoritesCount,
      ],
      [false, false, 1],
    );
    const signedIn = await call('GET', '/articles?favorited=demo&limit=5', { token: 'demo-token' });
    assert.deepEqual(
      signedIn.body.articles.map(
        (a: { slug: string; favorited: boolean; author: { following: boolean } }) => [
          a.slug,
          a.favorited,
          a.author.following,
        ],
      ),
      [[slug, true, true]],
    );
    assert.deepEqual(
      (await call('GET', '/articles/feed', { token: 'demo-token' })).body.articles.map(
        (a: { slug: string }) => a.slug,
      ),
      [slug],
    );
    assert.deepEqual((await call('GET', '/tags')).body, { tags: ['dragons'] });

    const comment = await call('POST', `/articles/${slug}/comments`, {
      token: 'demo-token',
      body: { comment: { body: 'Thank you!' } },
    });
    assert.equal(comment.status, 200);
    const comments = await call('GET', `/articles/${slug}/comments`);
    assert.deepEqual(
      comments.body.comments.map((c: { id: number; body: string }) => [c.id, c.body]),
      [[comment.body.comment.id, 'Thank you!']],
    );

    assertEnvelope(await call('POST', '/articles', { token, body: { article: { title: '' } } }), 422, [
      'body /article/description is required',
      'body /article/body is required',
      'body /article/title must have at least 1 character',
    ]);
    assertEnvelope(
      await call('PUT', `/articles/${slug}`, { token: 'demo-token', body: { article: { title: 'Mine' } } }),
      403,
      ['not your article'],
    );
    assertEnvelope(
      await call('DELETE', `/articles/${slug}/comments/${comment.body.comment.id}`, { token }),
      403,
      ['not your comment'],
    );
    assertEnvelope(await call('GET', '/articles/no-such-slug'), 404, ["article 'no-such-slug' not found"]);
    assertEnvelope(await call('GET', '/user', { token: 'stolen' }), 401, ['missing or invalid token']);
    assertEnvelope(await call('GET', '/articles', { token: 'stolen' }), 401, ['invalid token']);
    assertEnvelope(
      await call('POST', '/users/login', { body: { user: { email: jake.email, password: 'x' } } }),
      401,
      ['email or password is invalid'],
    );

    assert.equal((await call('DELETE', `/articles/${slug}`, { token })).status, 204);
    assertEnvelope(await call('GET', `/articles/${slug}`), 404, [`article '${slug}' not found`]);
  });
});
