/**
 * The shared-limit fixture served by a process of its own, counting in a Redis:
 * `node --import tsx serve.ts <redis url>`. Prints `listening <url>`, then each log line; stops on SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../../src/testing/index.js';

const [redis] = process.argv.slice(2);
const app = await createTestApp({
  root: fileURLToPath(new URL('.', import.meta.url)),
  requestLog: false,
  log: (line) => console.log(line),
  rateLimit: { redis },
});
const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${url}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
