/**
 * examples/conduit (RealWorld) served the way a user ships it (`svc build`, then `svc start`),
 * driven over real sockets: a whole flow, and every error in the app's one envelope; then every
 * operation through Prism's validation proxy in front of it, which must report no violation.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REPO } from '../cli/helpers.js';
import { buildAndStart, type BuiltApp } from '../document/spec-tester/served-build.js';

const SOURCE = fileURLToPath(new URL('../../examples/conduit/', import.meta.url));

interface Answer {
  status: number;
  type: string | null;
  violations: string | null;
  body: any;
}

interface CallOptions {
  token?: string;
  body?: unknown;
}

async function send(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Token ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  const type = response.headers.get('content-type');
  const violations = response.headers.get('sl-violations');
  return { status: response.status, type, violations, body: text ? JSON.parse(text) : null };
}

describe('examples/conduit end to end under svc start', () => {
  let app: BuiltApp;
  before(async () => {
    app = await buildAndStart(SOURCE);
  });
  after(() => app?.stop());

  const call = (method: string, path: string, options: CallOptions = {}) =>
    send(`${app.base}/api`, method, path, options);

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
  describe('through Prism in proxy mode (--errors) in front of it', () => {
    let prism: ChildProcess;
    let proxy: string;
    before(async () => {
      ({ prism, proxy } = await startPrism(
        join(app.root, '.svc', 'svc_swagger', 'swagger.json'),
        `${app.base}/api`,
      ));
    });
    after(async () => {
      if (prism.exitCode === null) {
        prism.kill();
        await once(prism, 'exit');
      }
    });
    const viaPrism = (method: string, path: string, options: CallOptions = {}) =>
      send(proxy, method, path, options);

    /** Forwarded to svc and its answer matches the document: svc's status, no violation reported. */
    async function agreed(
      method: string,
      path: string,
      status: number,
      options: CallOptions = {},
    ): Promise<Answer> {
      const answer = await viaPrism(method, path, options);
      assert.equal(answer.violations, null, `${method} ${path}: ${answer.violations}`);
      assert.doesNotMatch(
        String(answer.body?.type),
        /stoplight\.io\/prism/,
        `${method} ${path}: ${JSON.stringify(answer.body)}`,
      );
      assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
      return answer;
    }

    /** The document says the request is invalid (Prism refuses it) and so does svc (a 4xx envelope). */
    async function refusedByBoth(
      method: string,
      path: string,
      prismStatus: number,
      svcStatus: number,
      options: CallOptions = {},
    ) {
      const refused = await viaPrism(method, path, options);
      assert.equal(refused.status, prismStatus, `${method} ${path}: ${JSON.stringify(refused.body)}`);
      assert.match(String(refused.body?.type), /stoplight\.io\/prism\/errors#/);
      const direct = await call(method, path, options);
      assert.equal(direct.status, svcStatus, `${method} ${path}: ${JSON.stringify(direct.body)}`);
      assert.deepEqual(Object.keys(direct.body), ['errors']);
    }

    it('forwards a valid request to every operation, and svc answers each as documented', async () => {
      const user = { username: 'prism', email: 'prism@example.com', password: 'prism-password' };
      assert.equal((await agreed('POST', '/users', 201, { body: { user } })).body.user.username, 'prism');
      const token: string = (
        await agreed('POST', '/users/login', 200, {
          body: { user: { email: user.email, password: user.password } },
        })
      ).body.user.token;
      await agreed('GET', '/user', 200, { token });
      await agreed('PUT', '/user', 200, { token, body: { user: { bio: 'I check documents', image: null } } });
      await agreed('GET', '/profiles/demo', 200);
      await agreed('POST', '/profiles/demo/follow', 200, { token });
      await agreed('DELETE', '/profiles/demo/follow', 200, { token });
      const article = {
        title: 'Proxied',
        description: 'through Prism',
        body: 'and back',
        tagList: ['prism'],
      };
      const slug: string = (await agreed('POST', '/articles', 201, { token, body: { article } })).body.article
        .slug;
      await agreed('GET', '/articles?tag=prism&author=prism&limit=5&offset=0', 200, { token });
      await agreed('GET', '/articles/feed?limit=5', 200, { token });
      await agreed('GET', `/articles/${slug}`, 200);
      await agreed('PUT', `/articles/${slug}`, 200, { token, body: { article: { title: 'Proxied again' } } });
      await agreed('POST', `/articles/${slug}/favorite`, 200, { token });
      await agreed('DELETE', `/articles/${slug}/favorite`, 200, { token });
      const comment = await agreed('POST', `/articles/${slug}/comments`, 200, {
        token,
        body: { comment: { body: 'hi' } },
      });
      await agreed('GET', `/articles/${slug}/comments`, 200);
      await agreed('DELETE', `/articles/${slug}/comments/${comment.body.comment.id}`, 204, { token });
      await agreed('GET', '/tags', 200);
      await agreed('DELETE', `/articles/${slug}`, 204, { token });
    });

    it("forwards requests svc refuses in its envelope (401, 403, 404, 422), each one the document's", async () => {
      const article = { title: 'Theirs', description: 'd', body: 'b' };
      const slug: string = (await call('POST', '/articles', { token: 'demo-token', body: { article } })).body
        .article.slug;
      const intruder = { username: 'intruder', email: 'intruder@example.com', password: 'p' };
      const token: string = (await call('POST', '/users', { body: { user: intruder } })).body.user.token;
      await agreed('PUT', `/articles/${slug}`, 403, { token, body: { article: { title: 'Mine' } } });
      await agreed('DELETE', `/articles/${slug}`, 403, { token });
      await agreed('GET', '/articles/missing', 404);
      await agreed('GET', '/articles/missing/comments', 404);
      await agreed('POST', '/articles/missing/favorite', 404, { token });
      await agreed('GET', '/profiles/nobody', 404);
      await agreed('GET', '/user', 401, { token: 'stolen' });
      await agreed('GET', '/articles', 401, { token: 'stolen' });
      await agreed('POST', '/users/login', 401, {
        body: { user: { email: intruder.email, password: 'wrong' } },
      });
      await agreed('POST', '/users', 422, { body: { user: intruder } });
    });

    it('refuses invalid requests as svc does: bodies, parameters and missing credentials', async () => {
      await refusedByBoth('POST', '/users', 422, 422, { body: { user: {} } });
      await refusedByBoth('POST', '/users/login', 422, 422, { body: { user: { email: 'x' } } });
      await refusedByBoth('PUT', '/user', 422, 422, { token: 'demo-token', body: { user: { email: '' } } });
      await refusedByBoth('POST', '/articles', 422, 422, {
        token: 'demo-token',
        body: { article: { title: '' } },
      });
      await refusedByBoth('PUT', '/articles/any', 422, 422, {
        token: 'demo-token',
        body: { article: { title: 5 } },
      });
      await refusedByBoth('POST', '/articles/any/comments', 422, 422, {
        token: 'demo-token',
        body: { comment: {} },
      });
      await refusedByBoth('GET', '/articles?limit=many', 422, 422);
      await refusedByBoth('GET', '/articles/feed?offset=first', 422, 422, { token: 'demo-token' });
      await refusedByBoth('DELETE', '/articles/any/comments/first', 422, 422, { token: 'demo-token' });
      for (const [method, path] of [
        ['GET', '/user'],
        ['GET', '/articles/feed'],
        ['DELETE', '/articles/any'],
        ['POST', '/articles/any/favorite'],
        ['DELETE', '/articles/any/favorite'],
        ['POST', '/profiles/demo/follow'],
        ['DELETE', '/profiles/demo/follow'],
      ] as const) {
        await refusedByBoth(method, path, 401, 401);
      }
    });
  });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** `prism proxy <document> <upstream> --errors` on a free port, once it says it listens. */
async function startPrism(
  document: string,
  upstream: string,
): Promise<{ prism: ChildProcess; proxy: string }> {
  const port = await freePort();
  const args = ['proxy', document, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)];
  const prism = spawn(join(REPO, 'node_modules', '.bin', 'prism'), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    prism.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    });
    prism.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    prism.once('exit', (code) => reject(new Error(`prism exited with ${code}:\n${output}`)));
  });
  return { prism, proxy: `http://127.0.0.1:${port}` };
}
