/**
 * The options that shape errors, logging, SSE and WebSocket, each written in `@App` or in
 * `svc.config.json`, observed over a real socket.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { after, test } from 'node:test';
import { WebSocket } from 'ws';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { viaSocket } from '../runtime/helpers.js';
import { appWith, makeProject, removeProject, type ProjectFiles } from './project.js';

const roots: string[] = [];
after(() => roots.forEach(removeProject));

async function serve(files: ProjectFiles, run: (app: SvcApp, url: string) => Promise<void>): Promise<void> {
  const root = makeProject(files);
  roots.push(root);
  const app = await createTestApp({ root });
  try {
    await run(app, (await app.listen({ host: '127.0.0.1', port: 0 })).url);
  } finally {
    await app.close();
  }
}

/** Collects the response text until it contains `marker`. */
async function readUntil(res: IncomingMessage, marker: string): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    text += String(chunk);
    if (text.includes(marker)) return text;
  }
  return text;
}

/** Runs `action` with console.error captured (the 'stderr' log sink writes there). */
async function capturingStderr(action: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    await action();
  } finally {
    console.error = original;
  }
  return lines;
}

test('sseHeartbeatMs in @App: an idle stream gets a ping comment at that interval', async () => {
  await serve({ app: appWith('{ sseHeartbeatMs: 10 }') }, async (_app, url) => {
    const [res] = (await once(get(`${url}/api/extras/quiet`), 'response')) as [IncomingMessage];
    const text = await readUntil(res, ': ping\n\n');
    assert.ok(text.startsWith('data: start\n\n: ping\n\n'), JSON.stringify(text));
    res.destroy();
  });
});

test('webSocket.maxPayload in svc.config.json: a larger message closes with 1009', async () => {
  await serve({ config: { app: { webSocket: { maxPayload: 8 }, log: false } } }, async (_app, url) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/extras/echo`);
    await once(ws, 'open');
    ws.send('small');
    const [echo] = (await once(ws, 'message')) as [Buffer];
    assert.equal(echo.toString(), 'small');
    ws.send('x'.repeat(9));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1009);
  });
});

test('dev in svc.config.json: a 500 carries the stack', async () => {
  await serve({ config: { app: { dev: true, log: false } } }, async (_app, url) => {
    const reply = await viaSocket(url, { method: 'GET', url: '/api/extras/boom' });
    assert.equal(reply.status, 500);
    assert.match(String((JSON.parse(reply.text) as { stack?: string }).stack), /^Error: boom\n\s+at /);
  });
});

test("log in @App: false silences the error line that 'stderr' writes", async () => {
  const boom = (files: ProjectFiles) =>
    capturingStderr(() =>
      serve(files, async (_app, url) => {
        const reply = await viaSocket(url, { method: 'GET', url: '/api/extras/boom' });
        assert.equal(reply.status, 500);
      }),
    );
  const silent = await boom({ app: appWith('{ log: false, dev: false }') });
  const loud = await boom({ app: appWith("{ log: 'stderr', dev: false }") });
  assert.deepEqual(silent, []);
  assert.equal(loud.length, 1);
  assert.match(loud[0] ?? '', /^svc: .* threw: Error: boom/);
});
