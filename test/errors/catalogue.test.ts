/** docs/errors.md documents every catalogue code with the same status, and nothing else. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_CODES, type ErrorCodeInfo } from '../../src/model/error-catalogue.js';

const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const ROW = /^\|\s*`(SVC_ERR_[A-Z_]+)`\s*\|\s*([^|]+?)\s*\|/gm;

function documented(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of docs.matchAll(ROW)) {
    assert.ok(!rows.has(match[1] as string), `${match[1]} is documented twice`);
    rows.set(match[1] as string, match[2] as string);
  }
  return rows;
}

test('docs/errors.md lists exactly the catalogue codes', () => {
  assert.deepEqual([...documented().keys()].sort(), Object.keys(ERROR_CODES).sort());
});

test('docs/errors.md gives each code its catalogue status', () => {
  const rows = documented();
  for (const [code, info] of Object.entries(ERROR_CODES) as [string, ErrorCodeInfo][]) {
    assert.equal(rows.get(code), info.status === undefined ? '—' : String(info.status), code);
  }
});
