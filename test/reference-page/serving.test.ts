/**
 * The reference page as served by `svc dev` on the example bookstore, over real sockets: what each
 * path answers (type, caching, validators, security headers), that only the fixed files can be
 * reached, and when the page is on or off in the other modes.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';
import { REPO } from '../cli/helpers.js';
import { appWith, makeProject, removeProject, type ProjectFiles } from '../options/project.js';
import { devBookstore } from './bookstore-dev.js';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose path is sent exactly as written (fetch would normalise `..` away). */
function raw(
  base: string,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const swaggerUiDir = dirname(
  createRequire(join(REPO, 'package.json')).resolve('swagger-ui-dist/package.json'),
);
const PAGE_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'self'";

describe('the reference page under svc dev', () => {
  const dev = devBookstore();

  it('serves the page at /docs and /docs/, linking only files of its own', async () => {
    for (const path of ['/docs', '/docs/']) {
      const res = await raw(dev.base, path);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-security-policy'], PAGE_CSP);
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(String(res.headers.etag), /^"[\w-]+"$/);
      const links = [...res.body.toString().matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]);
      assert.deepEqual(links, [
        '/docs/favicon-32x32.png',
        '/docs/swagger-ui.css',
        '/docs/swagger-ui-bundle.js',
        '/docs/init.js',
      ]);
    }
  });

  it('serves the document svc dev wrote at /docs/openapi.json', async () => {
    const res = await raw(dev.base, '/docs/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    const onDisk = readFileSync(join(dev.root, '.svc', 'svc_swagger', 'swagger.json'));
    assert.deepEqual(res.body, onDisk);
  });

  it("serves Swagger UI's files from the installed package, cacheable for a day", async () => {
    const files = {
      'swagger-ui.css': 'text/css; charset=utf-8',
      'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
      'favicon-32x32.png': 'image/png',
    };
    for (const [name, type] of Object.entries(files)) {
      const res = await raw(dev.base, `/docs/${name}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers['content-type'], type);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(res.body, readFileSync(join(swaggerUiDir, name)), name);
    }
  });

  it('answers 304 to a client whose copy is current, and HEAD with the headers only', async () => {
    for (const path of ['/docs', '/docs/init.js', '/docs/openapi.json', '/docs/swagger-ui.css']) {
      const full = await raw(dev.base, path);
      const etag = String(full.headers.etag);
      const cached = await raw(dev.base, path, 'GET', { 'if-none-match': `W/"other", ${etag}` });
      assert.equal(cached.status, 304, path);
      assert.equal(cached.headers.etag, etag);
      assert.equal(cached.body.length, 0);
      const head = await raw(dev.base, path, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-length'], String(full.body.length));
      assert.equal(head.body.length, 0);
    }
  });

  it('answers other methods with 405 and OPTIONS with 204, both with Allow', async () => {
    const post = await raw(dev.base, '/docs/openapi.json', 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    assert.equal(post.headers['content-type'], 'application/problem+json');
    const options = await raw(dev.base, '/docs', 'OPTIONS');
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'GET, HEAD');
  });

  it('reaches no file outside its fixed list, however the path is written', async () => {
    const attempts = [
      '/docs/../package.json',
      '/docs/%2e%2e/package.json',
      '/docs/..%2fpackage.json',
      '/docs/%2e%2e%2f%2e%2e%2fpackage.json',
      '/docs/swagger-ui.css/../../package.json',
      '/docs//swagger-ui.css',
      '/docs/./swagger-ui.css',
      '/docs/index.html',
      '/docs/package.json',
      '/docs/absolute-path.js',
      '/docs/swagger-ui-bundle.js.map',
      '/docs%2fswagger-ui.css',
    ];
    for (const path of attempts) {
      const res = await raw(dev.base, path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers['content-type'], 'application/problem+json', path);
      const problem = JSON.parse(res.body.toString()) as { type: string };
      assert.equal(problem.type, 'urn:svc:error:SVC_ERR_NOT_FOUND', path);
    }
  });

  it("leaves the app's own routes as they were", async () => {
    const res = await raw(dev.base, '/api/books');
    assert.equal(res.status, 200);
    assert.equal((JSON.parse(res.body.toString()) as unknown[]).length, 3);
  });
});

describe('the reference page in the other modes', () => {
  const dev = devBookstore();

  /** The bookstore from the built `svcjs/testing` (the copy the project imports), listening on a port. */
  async function served(options: Record<string, unknown>) {
    const testing = (await import(
      pathToFileURL(join(REPO, 'dist', 'testing', 'index.js')).href
    )) as typeof import('../../src/testing/index.js');
    const app = await testing.createTestApp({ root: dev.root, log: false, ...options });
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base: new URL(url).origin };
  }

  it('is off outside dev mode unless docs is given', async () => {
    const { app, base } = await served({ dev: false });
    try {
      assert.equal((await raw(base, '/docs')).status, 404);
      assert.equal((await raw(base, '/docs/openapi.json')).status, 404);
    } finally {
      await app.close();
    }
  });

  it('is at the path docs names, in any mode', async () => {
    const { app, base } = await served({ dev: false, docs: '/reference/v1' });
    try {
      const page = await raw(base, '/reference/v1');
      assert.equal(page.status, 200);
      assert.match(page.body.toString(), /src="\/reference\/v1\/init\.js"/);
      const document = await raw(base, '/reference/v1/openapi.json');
      assert.deepEqual(document.body, readFileSync(join(dev.root, '.svc', 'svc_swagger', 'swagger.json')));
      assert.equal((await raw(base, '/docs')).status, 404);
    } finally {
      await app.close();
    }
  });

  it('is off with docs: false, also in dev mode', async () => {
    const { app, base } = await served({ dev: true, docs: false });
    try {
      assert.equal((await raw(base, '/docs')).status, 404);
    } finally {
      await app.close();
    }
  });

  it('refuses a docs value that is not a clean absolute path', async () => {
    for (const docs of ['docs', '/docs/', '/a/../docs', '/do cs', true]) {
      await assert.rejects(served({ docs }), { code: 'SVC_ERR_INVALID_OPTION' }, String(docs));
    }
  });
});

describe('the docs option written in @App and svc.config.json', () => {
  const roots: string[] = [];
  after(() => roots.forEach(removeProject));

  async function serve(files: ProjectFiles, options: Record<string, unknown> = {}) {
    const root = makeProject(files);
    roots.push(root);
    const app = await createTestApp({ root, log: false, ...options });
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base: new URL(url).origin };
  }

  it('@App wins over svc.config.json; without a written document, openapi.json says how to get one', async () => {
    const files = { app: appWith("{ docs: '/reference' }"), config: { app: { docs: false } } };
    const { app, base } = await serve(files, { dev: false });
    try {
      assert.equal((await raw(base, '/reference')).status, 200);
      const missing = await raw(base, '/reference/openapi.json');
      assert.equal(missing.status, 404);
      const problem = JSON.parse(missing.body.toString()) as { detail: string };
      assert.equal(
        problem.detail,
        'No OpenAPI document at .svc/svc_swagger/swagger.json: run `svc dev` or `svc build`.',
      );
    } finally {
      await app.close();
    }
  });

  it('svc.config.json docs: false turns the page off in dev mode', async () => {
    const { app, base } = await serve({ config: { app: { docs: false } } }, { dev: true });
    try {
      assert.equal((await raw(base, '/docs')).status, 404);
    } finally {
      await app.close();
    }
  });

  it('an invalid docs value in @App is an analysis error at its line', async () => {
    const root = makeProject({ app: appWith("{ docs: 'docs' }") });
    roots.push(root);
    await assert.rejects(createTestApp({ root }), (error: Error) => {
      assert.ok(error instanceof AnalysisFailedError);
      assert.match(
        error.message,
        /src\/app\.ts:3: error: @App option 'docs' must be a path such as '\/docs'.*\[SVC_ERR_INVALID_OPTION\]/,
      );
      return true;
    });
  });
});
