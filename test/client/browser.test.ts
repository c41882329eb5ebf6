/**
 * The generated client in a real browser: Debian's Chromium (puppeteer-core) opens a page of the
 * streams app's own origin and runs the client and test/fixtures/client/browser-calls.ts there as
 * module scripts (transpiled as they are), calling the live app with the browser's fetch and WebSocket.
 *
 * The browser is found at CHROMIUM_PATH, else /usr/bin/chromium (`.ci/run` installs it).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, HTTPRequest } from 'puppeteer-core';
import ts from 'typescript';
import { REPO } from '../cli/helpers.js';
import { launchChromium } from '../support/chromium.js';
import { serveFixture } from '../support/served-fixture.js';
import {
  BROWSER_OPTIONS,
  CLIENT_FIXTURES,
  clientOf,
  makeClientDir,
  typeCheck,
  type ClientDir,
} from './helpers.js';

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'app');
/** The test's scripts answer under this path of the app's origin; everything else goes to the app. */
const PAGE_PATH = '/__client-test/';

function javaScript(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

describe('the typed client in Chromium', () => {
  const served = serveFixture(ROOT);
  let folder: ClientDir;
  let browser: Browser;
  let scripts: Map<string, string>;

  before(async () => {
    const client = clientOf(ROOT);
    folder = makeClientDir(client, ['browser-calls.ts']);
    const callsSource = readFileSync(join(CLIENT_FIXTURES, 'browser-calls.ts'), 'utf8');
    scripts = new Map([
      ['client.js', javaScript(client)],
      ['browser-calls.js', javaScript(callsSource)],
    ]);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    folder?.remove();
  });

  it('type-checks the script as a browser project', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'browser-calls.ts'], BROWSER_OPTIONS);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it("calls plain and custom-method routes, reads SSE and uses WebSocket routes with the browser's own fetch and WebSocket", async () => {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      const url = new URL(request.url());
      const script = url.pathname.startsWith(PAGE_PATH)
        ? scripts.get(url.pathname.slice(PAGE_PATH.length))
        : undefined;
      if (script !== undefined)
        void request.respond({ status: 200, contentType: 'text/javascript', body: script });
      else void request.continue();
    });
    // The page is a real answer of the app: Chromium blocks a page it did not get from the network
    // (one the test made up) from reaching a local address.
    await page.goto(`${served.base}/api/tools/plain`, { waitUntil: 'load' });
    const result = await page.evaluate(async (script: string) => {
      const calls = (await import(script)) as { callInBrowser(baseUrl: string): Promise<unknown> };
      const page = globalThis as unknown as { location: { origin: string } };
      return calls.callInBrowser(`${page.location.origin}/api`);
    }, `${PAGE_PATH}browser-calls.js`);
    assert.deepEqual(result, {
      plain: 'plain',
      special: 'special answer',
      note: { text: 'bo wrote a note' },
      frames: ['hello', 'line one\nline two\nline three', { n: 3, label: 'three' }],
      refusedStream: { name: 'ApiError', status: 401, body: 'Missing or invalid Authorization header' },
      received: ['about to fail'],
      broken: { name: 'SocketClosedError', code: 1011 },
      // A browser WebSocket is never told the refusal's status: the upgrade fails as 1006.
      refusedSocket: { name: 'SocketClosedError', code: 1006 },
    });
  });
});
