/**
 * How Swagger UI at /docs reads an optional scheme (`@ApiSecurity(..., { optional: true })`,
 * `security: [{}, {Token: []}]`), in headless Chromium as browser.test.ts drives it: before any
 * Authorize, the optional operation's lock is already closed (its requirement is met without a
 * credential), the required one's is open (a credential is needed), and an open operation has no
 * lock. The page reads the fixture's swagger.json, written here as `svc build` would.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { analyzeProject, buildOpenApiDocument, writeSpecFiles } from '../../src/entries/openapi.js';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { launchChromium } from '../support/chromium.js';

const root = fileURLToPath(new URL('../fixtures/apps/optional-auth/', import.meta.url));

describe('an optional scheme on the reference page', () => {
  let app: SvcApp;
  let browser: Browser;
  let locks: Record<string, string[]>;

  before(async () => {
    await writeSpecFiles(root, buildOpenApiDocument(analyzeProject({ root }).model!));
    app = await createTestApp({ root, dev: false, docs: '/docs', log: () => {} });
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchChromium();
    const page = await browser.newPage();
    await page.goto(`${url}/docs`, { waitUntil: 'load' });
    await page.waitForSelector('.opblock-summary');
    // Each operation block's id, and the state its lock button announces.
    locks = Object.fromEntries(
      await page.$$eval('.opblock', (blocks) =>
        blocks.map((block) => [
          block.id,
          [...block.querySelectorAll('.authorization__btn')].map(
            (button) => button.getAttribute('aria-label') ?? '',
          ),
        ]),
      ),
    );
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the optional operation met without a token, the required one needing it, the open one without a lock', () => {
    assert.deepEqual(locks, {
      'operations-articles-articles_list': ['authorization button locked'],
      'operations-articles-articles_create': ['authorization button unlocked'],
      'operations-probe-probe_probe': [],
    });
  });
});
