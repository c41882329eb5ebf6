/**
 * Headless Chromium for the browser tests: Debian's `chromium` driven by puppeteer-core, found at
 * CHROMIUM_PATH, else /usr/bin/chromium (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `no Chromium at ${path}: install Debian's chromium (apt-get install -y chromium, as .ci/run does) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary',
    );
  }
  return path;
}

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // As root in a container Chromium's sandbox cannot start; /dev/shm is often tiny there.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}
