/**
 * CORS in a real browser (Debian's chromium through puppeteer-core): a page served from another
 * origin calls the API with a JSON body and an Authorization header, so the browser sends a
 * preflight first. From an allowed origin the preflight passes and the page reads the 400
 * problem, its `instance` and the exposed X-Request-Id; from another origin the browser refuses.
 *
 * The browser is found at CHROMIUM_PATH, else /usr/bin/chromium (`.ci/run` installs it).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { launchChromium } from '../support/chromium.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));
let browser: Browser;
let app: SvcApp;
let api: string;
let allowedPage: { server: Server; origin: string };
let otherPage: { server: Server; origin: string };

/** A page server on its own port: a different origin from the API's. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

before(async () => {
  allowedPage = await pageServer();
  otherPage = await pageServer();
  app = await createTestApp({
    root,
    log: false,
    cors: { origin: [allowedPage.origin], credentials: true, exposeHeaders: ['X-Request-Id'] },
  });
  api = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await app?.close();
  allowedPage?.server.close();
  otherPage?.server.close();
});

interface PageResult {
  ok: boolean;
  status?: number;
  requestId?: string | null;
  problem?: { status: number; instance: string };
  error?: string;
}

/** From a page at `origin`, POSTs an invalid note with credentials and a preflighted header. */
async function callFrom(origin: string): Promise<PageResult> {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    return await page.evaluate(async (url: string): Promise<PageResult> => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: 'Bearer nobody' },
          body: JSON.stringify({ text: '' }),
        });
        return {
          ok: true,
          status: response.status,
          requestId: response.headers.get('x-request-id'),
          problem: (await response.json()) as { status: number; instance: string },
        };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }, `${api}/api/things/notes`);
  } finally {
    await page.close();
  }
}

test('from an allowed origin the preflight passes and the page reads the 400 problem and its id', async () => {
  const result = await callFrom(allowedPage.origin);
  assert.equal(result.ok, true, result.error);
  assert.equal(result.status, 400);
  assert.equal(result.problem?.status, 400);
  assert.match(result.requestId ?? '', /^[\w-]+-[0-9a-z]+$/);
  assert.equal(result.problem?.instance, result.requestId);
});

test('from another origin the browser refuses the call', async () => {
  const result = await callFrom(otherPage.origin);
  assert.deepEqual(result, { ok: false, error: 'TypeError: Failed to fetch' });
});
