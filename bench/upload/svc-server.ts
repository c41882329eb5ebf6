// The uploads fixture (test/fixtures/apps/uploads) served by svc for bench/upload.mjs; prints its port.
import { createTestApp } from '../../src/testing/index.js';

const root = new URL('../../test/fixtures/apps/uploads', import.meta.url).pathname;
const app = await createTestApp({
  root,
  dev: false,
  log: false,
  requestLog: false,
  uploads: { fileSize: 100 * 1024 * 1024, totalSize: 100 * 1024 * 1024 },
});
const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${new URL(url).port}\n`);
