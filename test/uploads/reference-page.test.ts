/**
 * Swagger UI at /docs in headless Chromium (as test/reference-page drives it): the upload
 * operation's File field is a file picker, and Try it out sends the chosen file as multipart to
 * the running app, which answers with its name, type and size.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { openDocsPage } from '../support/docs-page.js';
import { ROOT } from './helpers.js';

describe('an upload on the reference page', () => {
  let app: SvcApp;
  let browser: Browser;
  let page: Page;
  const scratch = mkdtempSync(join(tmpdir(), 'svc-upload-page-'));
  const picked = join(scratch, 'dot.png');

  before(async () => {
    writeFileSync(picked, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    app = await createTestApp({ root: ROOT, dev: false, docs: '/docs', log: () => {} });
    ({ browser, page } = await openDocsPage(app, ROOT));
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('shows a file picker and Try it out uploads the chosen file', async () => {
    const block = '#operations-documents-documents_photo';
    await page.click(`${block} .opblock-summary-control`);
    await page.waitForSelector(`${block} .try-out__btn`);
    await page.click(`${block} .try-out__btn`);
    const input = await page.waitForSelector(`${block} input[type="file"]`);
    assert.ok(input, 'the File field is a file picker');
    await input.uploadFile(picked);
    await page.click(`${block} .execute`);
    const status = await page.waitForSelector(
      `${block} .live-responses-table .response .response-col_status`,
    );
    assert.equal((await status!.evaluate((cell) => cell.textContent ?? '')).trim(), '200');
    const body = await page.$eval(
      `${block} .live-responses-table .response-col_description pre`,
      (pre) => pre.textContent ?? '',
    );
    const answer = JSON.parse(body) as { name: string; type: string; size: number };
    assert.deepEqual(
      { name: answer.name, type: answer.type, size: answer.size },
      {
        name: 'dot.png',
        type: 'image/png',
        size: 16,
      },
    );
  });
});
