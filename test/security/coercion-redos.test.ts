/**
 * Every text coercer stays linear on a long adversarial value: 15,000 characters may cost at
 * most MAX_SLOWDOWN times a 10-character value. That is well above the 1,500× a linear scan
 * can cost at worst, and far below a quadratic regex (the old number regex measured 450,000×
 * to 1,500,000× on digits followed by `x`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { query } from '../validation/helpers.js';
import { problemErrors, send, startSecurityApp, type RunningApp } from './app.js';
import { slowdown } from './timing.js';

const MAX_SLOWDOWN = 20_000;
const LENGTH = 15_000;

const digits = (count: number) => '1'.repeat(count);

interface Case {
  name: string;
  schema: JsonSchema;
  /** A 10-character value and a 15,000-character one crafted to backtrack. */
  short: string;
  long: string;
}

const CASES: Case[] = [
  {
    name: 'number: digits then x',
    schema: { type: 'number' },
    short: '123456789x',
    long: digits(LENGTH) + 'x',
  },
  {
    name: 'number: fraction digits then x',
    schema: { type: 'number' },
    short: '1.2345678x',
    long: '1.' + digits(LENGTH) + 'x',
  },
  {
    name: 'number: exponent digits then x',
    schema: { type: 'number' },
    short: '1e2345678x',
    long: '1e' + digits(LENGTH) + 'x',
  },
  {
    name: 'number: leading dot',
    schema: { type: 'number' },
    short: '.23456789x',
    long: '.' + digits(LENGTH) + 'x',
  },
  { name: 'integer', schema: { type: 'integer' }, short: '123456789x', long: digits(LENGTH) + 'x' },
  {
    name: 'integer bounded to the safe range, as the model says it',
    schema: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
    short: '123456789x',
    long: digits(LENGTH) + 'x',
  },
  {
    name: 'bigint',
    schema: { type: 'integer', format: 'int64', svc: { rich: 'bigint' } },
    short: '123456789x',
    long: digits(LENGTH) + 'x',
  },
  {
    name: 'boolean',
    schema: { type: 'boolean' },
    short: 'truetruex1',
    long: 'true'.repeat(LENGTH / 4) + 'x',
  },
  {
    name: 'Date: fraction digits then x',
    schema: { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
    short: '2024-01-01',
    long: '2024-01-01T00:00:00.' + digits(LENGTH) + 'x',
  },
  {
    name: 'URL',
    schema: { type: 'string', format: 'uri', svc: { rich: 'URL' } },
    // A scheme cannot start with a digit, so the parser scans it all and gives up.
    short: '123456://x',
    long: digits(LENGTH) + '://x',
  },
  {
    name: 'enum',
    schema: { type: 'string', enum: ['red', 'green'] },
    short: 'redredredx',
    long: 'red'.repeat(LENGTH / 3) + 'x',
  },
  {
    name: 'string with length, pattern and format',
    schema: { type: 'string', minLength: 1, maxLength: 20_000, pattern: '^[a-z0-9.]+$', format: 'hostname' },
    short: 'aaaaaaaaa!',
    long: 'a'.repeat(LENGTH) + '!',
  },
  {
    name: 'union of integer, boolean and Date',
    schema: {
      oneOf: [
        { type: 'integer' },
        { type: 'boolean' },
        { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
      ],
    },
    short: '123456789x',
    long: digits(LENGTH) + 'x',
  },
  {
    name: 'number or null',
    schema: { type: ['number', 'null'] },
    short: '123456789x',
    long: digits(LENGTH) + 'x',
  },
];

describe('text coercers on 15,000-character adversarial values', () => {
  for (const testCase of CASES) {
    it(`${testCase.name} stays within ${MAX_SLOWDOWN}× of a 10-character value`, () => {
      assert.equal(testCase.short.length, 10);
      assert.ok(testCase.long.length >= LENGTH);
      const run = query(testCase.schema);
      const outcome = run(testCase.long);
      assert.equal(outcome.errors.length, 1, 'the adversarial value is rejected');
      const ratio = slowdown((text) => run(text), testCase.short, testCase.long);
      assert.ok(ratio < MAX_SLOWDOWN, `${testCase.name}: ${Math.round(ratio)}× slower`);
    });
  }
});

describe('a long adversarial number over a real socket', () => {
  let running: RunningApp;
  before(async () => (running = await startSecurityApp()));
  after(() => running.app.close());

  it(`?limit= then ${LENGTH} digits then x is a 400 naming limit`, async () => {
    const reply = await send(`${running.base}/api/security/limit?limit=${digits(LENGTH)}x`);
    assert.deepEqual(problemErrors(reply), ['query limit: must be a number']);
  });
});
