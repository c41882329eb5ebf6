/**
 * A started app's reference page (`docs: '/docs'`) open in headless Chromium. The page reads the
 * document `svc build` writes, so it is written first from the app's own model (no second
 * analysis of the project).
 */
import type { Browser, Page } from 'puppeteer-core';
import { buildOpenApiDocument, writeSpecFiles } from '../../src/entries/openapi.js';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { launchChromium } from './chromium.js';

export async function openDocsPage(app: SvcApp, root: string): Promise<{ browser: Browser; page: Page }> {
  await writeSpecFiles(root, buildOpenApiDocument(app.model));
  const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${url}/docs`, { waitUntil: 'load' });
  await page.waitForSelector('.opblock-summary');
  return { browser, page };
}
