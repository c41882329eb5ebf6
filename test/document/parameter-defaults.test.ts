/**
 * Parameter defaults (docs/openapi.md, "Parameter defaults"): `@Query() limit = 20` and its
 * header and cookie kin are documented as the parameter schema's `default` in all three
 * documents, a computed default (`= Date.now()`) is left out, the server applies each when the
 * input is absent, and the typed client takes them as optional arguments that name the default.
 * The client's method comment also says whether the operation's credential is optional.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import { clientOf } from '../client/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/optional-auth/', import.meta.url));

const DOCUMENTED = [
  { name: 'limit', in: 'query', required: false, schema: { type: 'number', default: 20 } },
  { name: 'sort', in: 'query', required: false, schema: { type: 'string', default: 'newest' } },
  { name: 'X-Locale', in: 'header', required: false, schema: { type: 'string', default: 'en' } },
  { name: 'theme', in: 'cookie', required: false, schema: { type: 'string', default: 'light' } },
  { name: 'drafts', in: 'query', required: false, schema: { type: 'boolean', default: false } },
  { name: 'since', in: 'query', required: false, schema: { type: 'number' } },
];

describe('parameter defaults in the documents', () => {
  it('each document lists the static defaults in the parameter schemas, and no computed one', () => {
    const model = analyzeProject({ root }).model!;
    for (const build of [buildOpenApiDocument, buildOpenApi31Document, buildOpenApi32Document]) {
      const document = build(model) as { paths: Record<string, { get?: { parameters?: unknown } }> };
      assert.deepEqual(document.paths['/articles']?.get?.parameters, DOCUMENTED, build.name);
    }
  });
});

describe('parameter defaults on the wire', () => {
  const served = serveFixture(root);

  it('GET /articles without inputs: the server applies every default', async () => {
    const response = await fetch(`${served.base}/api/articles?`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      reader: null,
      limit: 20,
      sort: 'newest',
      locale: 'en',
      theme: 'light',
      drafts: false,
      since: null,
    });
  });

  it('given inputs win over the defaults', async () => {
    const response = await fetch(`${served.base}/api/articles?limit=5&sort=oldest&drafts=true&since=-1`, {
      headers: { 'x-locale': 'fr', cookie: 'theme=dark' },
    });
    assert.deepEqual(await response.json(), {
      reader: null,
      limit: 5,
      sort: 'oldest',
      locale: 'fr',
      theme: 'dark',
      drafts: true,
      since: -1,
    });
  });
});

describe('the typed client', () => {
  it('takes defaulted parameters as optional arguments naming the default, and says which credential is optional', () => {
    const text = clientOf(root);
    const api = text.slice(text.indexOf('export interface Api {'));
    assert.equal(
      api.slice(0, api.indexOf('\n  probe:')),
      [
        'export interface Api {',
        '  articles: {',
        '    /**',
        '     * The reader is set only when the request carried a good token.',
        '     *',
        '     * GET /articles',
        '     *',
        '     * Token credential: optional',
        '     */',
        '    list(args?: { /** Default: 20. */ limit?: number; /** Default: "newest". */ sort?: string; /** Default: "en". */ locale?: string; /** Default: "light". */ theme?: string; /** Default: false. */ drafts?: boolean; since?: number; }, call?: CallOptions & { credentials?: { Token?: string; } }): Promise<ArticlePage>;',
        '    /**',
        '     * POST /articles',
        '     *',
        '     * Token credential: required',
        '     */',
        '    create(call?: CallOptions & { credentials?: { Token: string; } }): Promise<void>;',
        '  };',
      ].join('\n'),
    );
  });
});
