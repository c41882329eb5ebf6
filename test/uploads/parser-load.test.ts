/**
 * The multipart parser (@fastify/busboy, 12 CommonJS modules) is loaded by the first multipart
 * body an app reads, not with the runtime: a process that serves only other bodies never loads it.
 * Checked in a fresh process (this one may have loaded it for another test), from the CommonJS
 * module cache, which holds every CommonJS module however it was imported.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { ROOT } from './helpers.js';

const CHILD = fileURLToPath(new URL('./parser-load-child.ts', import.meta.url));

function runChild(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CHILD, ROOT],
      { env: { ...process.env, NODE_ENV: 'test' } },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout)),
    );
  });
}

it(
  'an app loads the multipart parser with its first multipart body, not before',
  { timeout: 120_000 },
  async () => {
    assert.deepEqual(await runChild(), {
      started: false,
      form: 200,
      afterForm: false,
      upload: 200,
      uploaded: { name: 'a.bin', size: 3 },
      afterUpload: true,
    });
  },
);
