/** Test helper: compares text with a golden file; `UPDATE_GOLDENS=1` rewrites the golden instead. */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function assertGolden(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDENS === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'), `${file} is out of date (UPDATE_GOLDENS=1 rewrites it)`);
}
