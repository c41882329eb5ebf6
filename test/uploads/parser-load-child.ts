/**
 * Run by parser-load.test.ts in a fresh process: starts the uploads fixture (its root the first
 * argument), posts a form and then a multipart body, and prints, as JSON, the answers and whether
 * @fastify/busboy was in the CommonJS module cache at each step.
 */
import { createRequire } from 'node:module';
import { createTestApp } from '../../src/testing/index.js';

const cache = createRequire(import.meta.url).cache;
const loaded = (): boolean => Object.keys(cache).some((path) => path.includes('@fastify/busboy'));

const app = await createTestApp({ root: process.argv[2] as string, dev: false, log: () => {} });
const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
const seen: Record<string, unknown> = { started: loaded() };
const form = await fetch(`${url}/api/documents/notes`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'title=a&count=1',
});
Object.assign(seen, { form: form.status, afterForm: loaded() });
const body = new FormData();
body.append('file', new Blob(['abc']), 'a.bin');
const upload = await fetch(`${url}/api/documents/archives`, { method: 'POST', body });
Object.assign(seen, { upload: upload.status, uploaded: await upload.json(), afterUpload: loaded() });
await app.close();
console.log(JSON.stringify(seen));
