/**
 * Where `cors` may come from: a function origin in `@App` (read at start-up from the decorator)
 * or `createApp`; static origins from `svc.config.json`; `'*'` with credentials is refused.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';
import { appWith, makeProject, removeProject, type ProjectFiles } from '../options/project.js';
import { viaSocket } from '../runtime/helpers.js';

const roots: string[] = [];
after(() => roots.forEach(removeProject));

/** The Access-Control-Allow-Origin answered to each origin by an app built from `files`. */
async function allowedOrigins(
  files: ProjectFiles,
  origins: string[],
  options: Parameters<typeof createTestApp>[0] extends infer T ? Partial<T> : never = {},
): Promise<(string | undefined)[]> {
  const root = makeProject(files);
  roots.push(root);
  const app: SvcApp = await createTestApp({ root, log: false, ...options });
  try {
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
    const answers: (string | undefined)[] = [];
    for (const origin of origins) {
      const reply = await viaSocket(base, {
        method: 'POST',
        url: '/api/notes',
        body: { text: 'x' },
        headers: { origin },
      });
      answers.push(reply.headers['access-control-allow-origin'] as string | undefined);
    }
    return answers;
  } finally {
    await app.close();
  }
}

const ORIGINS = ['https://a.example', 'https://b.example', 'https://a.example.evil'];

test('a function origin in @App decides at start-up', async () => {
  const app = appWith("{ cors: { origin: (origin: string) => origin.endsWith('.example'), maxAge: 60 } }");
  assert.deepEqual(await allowedOrigins({ app }, ORIGINS), [
    'https://a.example',
    'https://b.example',
    undefined,
  ]);
});

test('a function origin given to createApp wins over the static one of @App', async () => {
  const app = appWith("{ cors: { origin: ['https://b.example'] } }");
  const cors = { origin: (origin: string) => origin === 'https://a.example' };
  assert.deepEqual(await allowedOrigins({ app }, ORIGINS, { cors }), [
    'https://a.example',
    undefined,
    undefined,
  ]);
});

test("svc.config.json gives static origins; '*' answers '*' to every origin", async () => {
  assert.deepEqual(
    await allowedOrigins({ config: { app: { cors: { origin: ['https://b.example'] } } } }, ORIGINS),
    [undefined, 'https://b.example', undefined],
  );
  assert.deepEqual(await allowedOrigins({ config: { app: { cors: { origin: '*' } } } }, ORIGINS), [
    '*',
    '*',
    '*',
  ]);
});

test("'*' with credentials is refused where it is written", async () => {
  const root = makeProject({ config: { app: { cors: { origin: '*', credentials: true } } } });
  roots.push(root);
  await assert.rejects(createTestApp({ root }), (error: unknown) => {
    assert.ok(error instanceof AnalysisFailedError);
    assert.match(error.lines.join('\n'), /svc\.config\.json: app option 'cors' must be false or \{ origin/);
    return true;
  });
  const plain = makeProject({});
  roots.push(plain);
  await assert.rejects(
    createTestApp({ root: plain, cors: { origin: '*', credentials: true } }),
    (error: unknown) => {
      assert.ok(error instanceof SvcError);
      assert.equal(error.code, 'SVC_ERR_INVALID_OPTION');
      return true;
    },
  );
});
