/**
 * App options from `@App({...})`, `svc.config.json` and `createApp`, served over a real socket:
 * each takes effect, the precedence holds, and unknown or ill-typed options stop start-up.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { APP_DECORATOR_ONLY_OPTIONS, APP_OPTION_NAMES } from '../../src/model/app-options.js';
import type { CreateAppOptions, SvcApp } from '../../src/runtime/app-types.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';
import { viaSocket, type Reply } from '../runtime/helpers.js';
import { appWith, makeProject, noteOfSize, removeProject, type ProjectFiles } from './project.js';

const roots: string[] = [];
after(() => roots.forEach(removeProject));

/** Serves a fresh project on 127.0.0.1 and POSTs each body, in order. */
async function postNotes(
  files: ProjectFiles,
  bodies: string[],
  options: Partial<CreateAppOptions> = {},
  path = '/api/notes',
) {
  const root = makeProject(files);
  roots.push(root);
  const app: SvcApp = await createTestApp({ root, ...options });
  try {
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    const replies: Reply[] = [];
    for (const body of bodies) {
      const headers = { 'content-type': 'application/json' };
      replies.push(await viaSocket(url, { method: 'POST', url: path, headers, body }));
    }
    return replies;
  } finally {
    await app.close();
  }
}

const statuses = (replies: Reply[]) => replies.map((reply) => reply.status);
const EXTRA_PROPERTY = JSON.stringify({ text: 'hi', extra: 1 });

describe('each option takes effect from @App and from svc.config.json', () => {
  test('bodyLimit in @App: a body of the limit passes, one byte more is 413', async () => {
    const replies = await postNotes({ app: appWith('{ bodyLimit: 64 }') }, [noteOfSize(64), noteOfSize(65)]);
    assert.deepEqual(statuses(replies), [200, 413]);
    assert.match(replies[1]?.text ?? '', /SVC_ERR_BODY_TOO_LARGE/);
  });

  test('bodyLimit in svc.config.json', async () => {
    const replies = await postNotes({ config: { app: { bodyLimit: 64 } } }, [noteOfSize(64), noteOfSize(65)]);
    assert.deepEqual(statuses(replies), [200, 413]);
  });

  test("unknownProperties: 'reject' in @App answers 400 for an undeclared property", async () => {
    const replies = await postNotes({ app: appWith("{ unknownProperties: 'reject' }") }, [EXTRA_PROPERTY]);
    assert.deepEqual(statuses(replies), [400]);
    assert.match(replies[0]?.text ?? '', /SVC_ERR_VALIDATION/);
  });

  test("unknownProperties: 'keep' in svc.config.json passes the undeclared property to the handler", async () => {
    const config = { config: { app: { unknownProperties: 'keep' } } };
    const replies = await postNotes(config, [EXTRA_PROPERTY], {}, '/api/notes/keys');
    assert.deepEqual(statuses(replies), [200]);
    assert.deepEqual(JSON.parse(replies[0]?.text ?? ''), ['text', 'extra']);
  });

  test('without any option the defaults hold: 1 MiB bodies, unknown properties stripped', async () => {
    const replies = await postNotes({}, [noteOfSize(1024 * 1024), noteOfSize(1024 * 1024 + 1)]);
    assert.deepEqual(statuses(replies), [200, 413]);
    const keys = await postNotes({}, [EXTRA_PROPERTY], {}, '/api/notes/keys');
    assert.deepEqual(statuses(keys), [200]);
    assert.deepEqual(JSON.parse(keys[0]?.text ?? ''), ['text']);
  });
});

describe('precedence: createApp, then @App, then svc.config.json, then the default', () => {
  const files = {
    app: appWith('{ bodyLimit: 128 }'),
    config: { app: { bodyLimit: 64, unknownProperties: 'reject' } },
  };

  test('@App beats svc.config.json option by option', async () => {
    const replies = await postNotes(files, [noteOfSize(128), noteOfSize(129), EXTRA_PROPERTY]);
    // bodyLimit from @App (128, not the config's 64); unknownProperties from the config.
    assert.deepEqual(statuses(replies), [200, 413, 400]);
  });

  test('createApp beats @App', async () => {
    const replies = await postNotes(files, [noteOfSize(256), noteOfSize(257), EXTRA_PROPERTY], {
      bodyLimit: 256,
      unknownProperties: 'keep',
    });
    assert.deepEqual(statuses(replies), [200, 413, 200]);
  });
});

describe('unknown and ill-typed options stop start-up, named with where they came from', () => {
  // The option table grows (cors, compression, ...): the messages list it, sorted.
  const KNOWN_APP = [...APP_OPTION_NAMES, ...APP_DECORATOR_ONLY_OPTIONS].sort().join(', ');
  const KNOWN_CONFIG = APP_OPTION_NAMES.join(', ');
  const KNOWN_CREATE_APP = [...APP_OPTION_NAMES, 'baseDir', 'model', 'modules', 'overrides', 'root']
    .sort()
    .join(', ');

  async function analysisLines(files: ProjectFiles): Promise<string[]> {
    const root = makeProject(files);
    roots.push(root);
    let lines: string[] = [];
    await assert.rejects(createTestApp({ root }), (error: unknown) => {
      assert.ok(error instanceof AnalysisFailedError);
      lines = error.lines;
      return true;
    });
    return lines;
  }

  test('in @App: an analysis error at its file:line', async () => {
    assert.deepEqual(await analysisLines({ app: appWith('{ bodyLimt: 64 }') }), [
      `src/app.ts:3: error: @App option 'bodyLimt' is unknown (known: ${KNOWN_APP}) [SVC_ERR_UNKNOWN_OPTION]`,
    ]);
  });

  test('in svc.config.json: an analysis error naming the file', async () => {
    assert.deepEqual(await analysisLines({ config: { app: { sseHeartbeat: 5 } } }), [
      `svc.config.json:1: error: svc.config.json: app option 'sseHeartbeat' is unknown (known: ${KNOWN_CONFIG}) [SVC_ERR_UNKNOWN_OPTION]`,
    ]);
  });

  test('a function for log in @App: only createApp takes functions', async () => {
    assert.deepEqual(await analysisLines({ app: appWith('{ log: (line: string) => void line }') }), [
      `src/app.ts:3: error: @App option 'log' a function can only be given to createApp [SVC_ERR_INVALID_OPTION]`,
    ]);
  });

  test('a value of the wrong kind in svc.config.json', async () => {
    assert.deepEqual(await analysisLines({ config: { app: { unknownProperties: 'drop' } } }), [
      `svc.config.json:1: error: svc.config.json: app option 'unknownProperties' must be 'keep', 'strip' or 'reject' (got "drop") [SVC_ERR_INVALID_OPTION]`,
    ]);
  });

  test('svc.config.json that is not a JSON object', async () => {
    assert.deepEqual(await analysisLines({ config: ['app'] }), [
      'svc.config.json:1: error: svc.config.json must hold a JSON object [SVC_ERR_CONFIG_INVALID]',
    ]);
  });

  test('in createApp: a start-up error naming the option', async () => {
    const root = makeProject({});
    roots.push(root);
    const options = { root, bodyLimt: 64 } as Parameters<typeof createTestApp>[0];
    await assert.rejects(createTestApp(options), (error: unknown) => {
      assert.ok(error instanceof SvcError);
      assert.equal(error.code, 'SVC_ERR_UNKNOWN_OPTION');
      assert.equal(
        error.message,
        `createApp option 'bodyLimt' is unknown (known: ${KNOWN_CREATE_APP}) [SVC_ERR_UNKNOWN_OPTION]`,
      );
      return true;
    });
  });
});
