/**
 * examples/album on its reference page (Swagger UI at /docs) in headless Chromium: Try it out on
 * the upload shows the File field as a file picker; the chosen PNG and the typed metadata go as
 * multipart and the page shows the 201 with the stored photo; Try it out on the download fetches
 * those bytes back, with their type and name.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, HTTPResponse, Page } from 'puppeteer-core';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { openDocsPage } from '../support/docs-page.js';

const ROOT = fileURLToPath(new URL('../../examples/album/', import.meta.url));
const UPLOAD = '#operations-photos-photos_upload';
const DOWNLOAD = '#operations-photos-photos_file';

/** Opens an operation's block and presses Try it out. */
async function tryItOut(page: Page, block: string): Promise<void> {
  await page.click(`${block} .opblock-summary-control`);
  await page.waitForSelector(`${block} .try-out__btn`);
  await page.click(`${block} .try-out__btn`);
}

/**
 * Replaces what the input of a body field (`data-property-name`) or a parameter (`data-param-name`)
 * holds, typing the value as a user would (Swagger UI fills each field with an example first).
 */
async function fill(page: Page, row: string, value: string): Promise<void> {
  const input = await page.waitForSelector(`${row} input[type="text"]`);
  await input!.click({ count: 3 }); // selects what the field holds, so typing replaces it
  await input!.type(value);
}

/** Presses Execute and returns the status the page shows, with the page's own fetch of it. */
async function execute(page: Page, block: string, path: string): Promise<[string, HTTPResponse]> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await page.click(`${block} .execute`);
  const status = await page.waitForSelector(`${block} .live-responses-table .response .response-col_status`);
  return [(await status!.evaluate((cell) => cell.textContent ?? '')).trim(), await answer];
}

/**
 * Runs `click` and resolves with the download Chromium saved because of it (into `folder`): the
 * name the page offered it under and its bytes.
 */
async function downloadBy(page: Page, folder: string, click: () => Promise<void>): Promise<[string, Buffer]> {
  const session = await page.createCDPSession();
  await session.send('Browser.setDownloadBehavior', {
    behavior: 'allowAndName',
    downloadPath: folder,
    eventsEnabled: true,
  });
  let name = '';
  session.on('Browser.downloadWillBegin', (event) => (name = event.suggestedFilename));
  const saved = new Promise<string>((resolve, reject) => {
    session.on('Browser.downloadProgress', (event) => {
      if (event.state === 'completed') resolve(join(folder, event.guid));
      if (event.state === 'canceled') reject(new Error('the download was cancelled'));
    });
  });
  await click();
  const path = await saved;
  await session.detach();
  return [name, readFileSync(path)];
}

describe('examples/album on its reference page', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-album-page-'));
  const storage = join(scratch, 'storage');
  const picked = join(scratch, 'tiny.png');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
  let app: SvcApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    writeFileSync(picked, png);
    process.env.ALBUM_DIR = storage;
    app = await createTestApp({ root: ROOT, dev: false, docs: '/docs', log: () => {} });
    ({ browser, page } = await openDocsPage(app, ROOT));
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('uploads the picked file with its metadata: 201 with the stored photo', async () => {
    await tryItOut(page, UPLOAD);
    const input = await page.waitForSelector(`${UPLOAD} input[type="file"]`);
    assert.ok(input, 'the File field is a file picker');
    await input.uploadFile(picked);
    await fill(page, `${UPLOAD} tr[data-property-name="title"]`, 'From the page');
    await fill(page, `${UPLOAD} tr[data-property-name="tags"]`, 'page');
    await fill(page, `${UPLOAD} tr[data-property-name="taken"]`, '2026-03-04T05:06:07Z');
    await fill(page, `${UPLOAD} tr[data-property-name="albumId"]`, '3');
    const [status] = await execute(page, UPLOAD, '/api/photos');
    assert.equal(status, '201');
    const body = await page.$eval(
      `${UPLOAD} .live-responses-table .response-col_description pre`,
      (pre) => pre.textContent ?? '',
    );
    assert.deepEqual(JSON.parse(body), {
      id: 1,
      title: 'From the page',
      tags: ['page'],
      taken: '2026-03-04T05:06:07.000Z',
      albumId: 3,
      name: 'tiny.png',
      type: 'image/png',
      size: png.length,
    });
    assert.deepEqual(readFileSync(join(storage, '1')), png);
  });

  it('downloads it back through Try it out', async () => {
    await tryItOut(page, DOWNLOAD);
    await fill(page, `${DOWNLOAD} tr[data-param-name="id"]`, '1');
    const [status, response] = await execute(page, DOWNLOAD, '/api/photos/1/file');
    assert.equal(status, '200');
    assert.equal(response.headers()['content-type'], 'image/png');
    assert.equal(
      response.headers()['content-disposition'],
      `attachment; filename="tiny.png"; filename*=UTF-8''tiny.png`,
    );
    // The page offers what it received as a download link: clicking it saves the photo.
    const link = await page.waitForSelector(`${DOWNLOAD} .live-responses-table a[download]`);
    const downloads = join(scratch, 'downloads');
    mkdirSync(downloads);
    assert.deepEqual(await downloadBy(page, downloads, () => link!.click()), ['tiny.png', png]);
  });
});
