// Runs in a fresh process: createTestApp on the project and its first inject, as a test file
// does. Usage: node test-app-child.mjs <svcjs/testing module file> <projectRoot> <path>
import { pathToFileURL } from 'node:url';

const [testing, root, path] = process.argv.slice(2);
const started = performance.now();
const { createTestApp } = await import(pathToFileURL(testing).href);
const app = await createTestApp({ root });
const answer = await app.inject({ method: 'GET', url: path });
console.log(JSON.stringify({ status: answer.status, ms: performance.now() - started }));
await app.close();
if (answer.status !== 200) process.exit(1);
