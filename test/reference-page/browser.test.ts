/**
 * The reference page in a real headless browser: Debian's `chromium` driven by puppeteer-core,
 * against `svc dev` serving the example bookstore. The page lists exactly the document's
 * operations; Authorize with the bearer token, then Try it out on GET /account/me, shows 200;
 * and no request leaves the app's origin (nothing from a CDN).
 *
 * The browser is found at CHROMIUM_PATH, else /usr/bin/chromium (`.ci/run` installs it).
 * UPDATE_SCREENSHOT=1 writes the screenshot to docs/reference-page.png; otherwise it goes to a
 * temporary file, so a test run leaves the tree unchanged.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { REPO } from '../cli/helpers.js';
import { launchChromium } from '../support/chromium.js';
import { devBookstore } from './bookstore-dev.js';

interface OpenApiPaths {
  paths: Record<string, Record<string, unknown>>;
}

/** "GET /account/me" for every operation of the document. */
function documentOperations(root: string): string[] {
  const document = JSON.parse(
    readFileSync(join(root, '.svc', 'svc_swagger', 'swagger.json'), 'utf8'),
  ) as OpenApiPaths;
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** "GET /account/me" for every operation block the page drew. */
async function pageOperations(page: Page): Promise<string[]> {
  const operations = await page.$$eval('.opblock-summary', (summaries) =>
    summaries.map((summary) => {
      const method = summary.querySelector('.opblock-summary-method')?.textContent ?? '';
      const path = summary.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
      return `${method.trim()} ${path}`;
    }),
  );
  return operations.sort();
}

async function authorize(page: Page, token: string): Promise<void> {
  await page.click('.auth-wrapper .authorize');
  const input = await page.waitForSelector(
    '.auth-container input[type="text"], .auth-container input[type="password"]',
  );
  await input!.type(token);
  await page.click('.auth-btn-wrapper .modal-btn.authorize');
  await page.waitForSelector('.auth-btn-wrapper .modal-btn.btn-done');
  await page.click('.auth-btn-wrapper .modal-btn.btn-done');
  await page.waitForSelector('.auth-container', { hidden: true });
}

/** Opens the operation, presses Try it out and Execute; returns the live answer's status and body. */
async function tryItOut(page: Page, operationId: string): Promise<{ status: string; body: string }> {
  const block = `#operations-${operationId}`;
  await page.click(`${block} .opblock-summary-control`);
  await page.waitForSelector(`${block} .try-out__btn`);
  await page.click(`${block} .try-out__btn`);
  await page.click(`${block} .execute`);
  const status = await page.waitForSelector(`${block} .live-responses-table .response .response-col_status`);
  return {
    status: (await status!.evaluate((cell) => cell.textContent ?? '')).trim(),
    body: await page.$eval(
      `${block} .live-responses-table .response-col_description pre`,
      (pre) => pre.textContent ?? '',
    ),
  };
}

describe('the reference page in Chromium', () => {
  const dev = devBookstore();
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];

  before(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1100 });
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${dev.base}/docs`, { waitUntil: 'load' });
    await page.waitForSelector('.opblock-summary');
  });
  after(() => browser?.close());

  it('lists every operation of the document, and no other', async () => {
    assert.deepEqual(await pageOperations(page), documentOperations(dev.root));
  });

  it('calls GET /account/me with the bearer token after Authorize: 200', async () => {
    await authorize(page, 'reader-token');
    const answer = await tryItOut(page, 'account-account_me');
    assert.equal(answer.status, '200');
    assert.equal(answer.body, 'token reader-token');
    const shot = process.env.UPDATE_SCREENSHOT
      ? join(REPO, 'docs', 'reference-page.png')
      : join(tmpdir(), `svc-reference-page-${process.pid}.png`);
    await page.screenshot({ path: shot as `${string}.png`, fullPage: false });
  });

  it('loads everything from the app itself (data: URLs are inline images)', () => {
    assert.ok(requested.length > 0);
    assert.deepEqual(
      requested.filter((url) => !url.startsWith(`${dev.base}/`) && !url.startsWith('data:')),
      [],
    );
  });
});
