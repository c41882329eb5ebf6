/**
 * Test helper: compares text with a golden file, byte for byte (key order and layout are part of
 * what a golden pins); `UPDATE_GOLDENS=1` rewrites the golden instead. A mismatch names the
 * first differing line and shows the lines around it, golden (-) against actual (+).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CONTEXT_LINES = 3;
const MAX_SHOWN = 40;

export function assertGolden(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDENS === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  assert.ok(existsSync(file), `missing ${file}: run with UPDATE_GOLDENS=1 and review it`);
  const expected = readFileSync(file, 'utf8');
  if (actual === expected) return;
  assert.fail(`${file} is out of date (UPDATE_GOLDENS=1 rewrites it):\n${lineDiff(expected, actual)}`);
}

/**
 * The one hunk from the first to the last differing line, with context: enough to read a changed
 * keyword or a reordered key without a diff library (git diff shows the rest after an update).
 */
export function lineDiff(expected: string, actual: string): string {
  const before = expected.split('\n');
  const after = actual.split('\n');
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const start = Math.max(0, head - CONTEXT_LINES);
  const lines = [
    `@@ line ${head + 1} (- golden, + actual) @@`,
    ...before.slice(start, head).map((line) => `  ${line}`),
    ...before.slice(head, before.length - tail).map((line) => `- ${line}`),
    ...after.slice(head, after.length - tail).map((line) => `+ ${line}`),
    ...after.slice(after.length - tail, after.length - tail + CONTEXT_LINES).map((line) => `  ${line}`),
  ];
  const hidden = lines.length - MAX_SHOWN;
  return hidden > 0
    ? [...lines.slice(0, MAX_SHOWN), `  ... ${hidden} more lines`].join('\n')
    : lines.join('\n');
}
