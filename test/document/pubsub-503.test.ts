/**
 * The documented 503 of a publish is what the wire sends: test/fixtures/apps/conventions on a
 * real port with a real redis-server frozen (SIGSTOP; `pubsub.commandTimeoutMs` 200), a post to a
 * route that publishes (in its handler, or in the service it calls) answers 503, a status each of
 * the three documents lists for that operation, with the documented media type and a body that
 * matches the documented schema (each document's own dialect). A route without PubSub answers as
 * it always does.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import { createTestApp } from '../../src/testing/index.js';
import { RedisServer } from '../pubsub/redis-server.js';
import { SchemaCheck } from './spec-tester/check.js';
import type { SpecDocument, SpecSchema } from './spec-tester/spec-types.js';

const root = fileURLToPath(new URL('../fixtures/apps/conventions/', import.meta.url));
const model = analyzeProject({ root }).model!;
const documents = [
  buildOpenApiDocument(model),
  buildOpenApi31Document(model),
  buildOpenApi32Document(model),
].map((document) => document as unknown as SpecDocument);

interface Answer {
  status: number;
  type: string;
  retryAfter: string | null;
  body: unknown;
}

async function post(base: string, path: string): Promise<Answer> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'n2', text: 'hello' }),
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const body = type.includes('json') ? (JSON.parse(text) as unknown) : text;
  return { status: response.status, type, retryAfter: response.headers.get('retry-after'), body };
}

/** The problems of `answer` against what `document` says `POST path` answers; none when it matches. */
function mismatches(document: SpecDocument, path: string, answer: Answer): string[] {
  const response = document.paths[path]?.post?.responses[String(answer.status)] as
    { content?: Record<string, { schema?: SpecSchema }> } | undefined;
  if (!response) return [`${answer.status} is not documented`];
  const media = response.content?.[answer.type];
  if (!media?.schema) return [`${answer.type} is not documented under ${answer.status}`];
  const problem = new SchemaCheck(document).problem(media.schema, answer.body);
  return problem === undefined ? [] : [problem];
}

/** Without the bound on a publish the posts would wait for as long as Redis is stopped. */
const BOUND = { timeout: 30_000 };

describe('the 503 of a publish on the wire, against the documents', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'a frozen Redis: the publishing routes answer the documented 503, the others as before',
    BOUND,
    async () => {
      const redis = await RedisServer.start();
      cleanups.push(() => redis.kill());
      const starting = createTestApp({
        root,
        dev: false,
        log: () => {},
        requestLog: false,
        pubsub: { redis: redis.url, commandTimeoutMs: 200 },
      });
      cleanups.push(async () => {
        await redis.thaw();
        await (await starting).close();
      });
      const { url } = await (await starting).listen({ host: '127.0.0.1', port: 0 });
      assert.equal((await post(url, '/notes')).status, 202);

      await redis.freeze();
      for (const path of ['/notes', '/notes/shared']) {
        const answer = await post(url, path);
        assert.equal(answer.status, 503, JSON.stringify(answer));
        assert.equal(answer.type, 'application/problem+json');
        assert.equal(answer.retryAfter, '1');
        assert.equal((answer.body as { type?: unknown }).type, 'urn:svc:error:SVC_ERR_PUBSUB_UNAVAILABLE');
        for (const document of documents) assert.deepEqual(mismatches(document, path, answer), [], path);
      }
      // The app's own `publish`, no PubSub: unaffected by Redis, and documented without a 503.
      assert.equal((await post(url, '/notes/archived')).status, 204);
    },
  );
});
