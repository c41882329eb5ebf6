/**
 * compression, requestLog and shutdownGraceMs from `@App` and `svc.config.json` (createApp's
 * argument is covered beside each feature): each takes effect, and an ill-typed value is an
 * analysis error naming where it was written.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, test } from 'node:test';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';
import { appWith, makeProject, noteOfSize, removeProject, type ProjectFiles } from '../options/project.js';

const roots: string[] = [];
after(() => roots.forEach(removeProject));

/** Serves the project, POSTs a 2 KiB note accepting gzip; gives the encoding and the log lines. */
async function serveOnce(files: ProjectFiles): Promise<{ encoding: string | undefined; lines: string[] }> {
  const root = makeProject(files);
  roots.push(root);
  const lines: string[] = [];
  const app = await createTestApp({ root, log: (line) => lines.push(line) });
  try {
    const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
    const body = noteOfSize(2048);
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/notes',
          agent: false,
          headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['content-encoding']));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    return { encoding, lines: lines.filter((line) => line.includes('"msg":"request"')) };
  } finally {
    await app.close();
  }
}

test('by default: compressed, one request log line', async () => {
  const { encoding, lines } = await serveOnce({});
  assert.equal(encoding, 'gzip');
  assert.equal(lines.length, 1);
});

test('svc.config.json: compression false, requestLog false', async () => {
  const { encoding, lines } = await serveOnce({ config: { app: { compression: false, requestLog: false } } });
  assert.deepEqual({ encoding, lines }, { encoding: undefined, lines: [] });
});

test('@App: compression false, requestLog false', async () => {
  const { encoding, lines } = await serveOnce({ app: appWith('{ compression: false, requestLog: false }') });
  assert.deepEqual({ encoding, lines }, { encoding: undefined, lines: [] });
});

test('an ill-typed value is an analysis error naming the option', async () => {
  const root = makeProject({ app: appWith('{ shutdownGraceMs: -1, compression: 1 }') });
  roots.push(root);
  await assert.rejects(createTestApp({ root }), (error: unknown) => {
    assert.ok(error instanceof AnalysisFailedError);
    assert.deepEqual(error.lines, [
      "src/app.ts:3: error: @App option 'shutdownGraceMs' must be an integer >= 0 (got -1) [SVC_ERR_INVALID_OPTION]",
      "src/app.ts:3: error: @App option 'compression' must be true or false (got 1) [SVC_ERR_INVALID_OPTION]",
    ]);
    return true;
  });
});
