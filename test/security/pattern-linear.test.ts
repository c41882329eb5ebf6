/**
 * User `@pattern`s run in linear time. The finding's `^(\w|\d)+$` took 5 s on a 29-character
 * value, doubling with each character more; here that value and a 60-character one (days on a
 * backtracking engine: a regression fails by the test's timeout, the server being a process of
 * its own) get their 400 at once, in a query and in a body, over a real socket, and the server
 * keeps answering. Lookaheads right after `^` run on RE2 too, split into tests of their own; a
 * pattern RE2 cannot run (a backreference) stays on RegExp capped at 12 characters, and the
 * analyzer says so at each declaration.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';
import type { ServerProcess } from '../run-modes/server-process.js';
import { problemErrors, send } from './app.js';
import {
  BACKREFERENCE,
  LOOKAHEAD,
  makePatternProject,
  OVERLAPPING,
  removePatternProject,
  startPatternServer,
} from './pattern-project.js';

const FINDING = `${'1'.repeat(28)}!`;
const SIXTY = `${'1'.repeat(59)}!`;
const MISMATCH = `must match pattern "${OVERLAPPING}"`;
const TOO_LONG = 'is too long to check against its pattern';
/** Ample for a request answered in milliseconds; a backtracking regression never finishes. */
const HANG_GUARD = { timeout: 60_000 };
/** Analysis and start-up in the child: slow on a busy machine, and nothing to do with patterns. */
const START_TIMEOUT = 180_000;

const root = makePatternProject();
after(() => removePatternProject(root));

describe(`${OVERLAPPING}, leading lookaheads and a backreference over a real socket`, () => {
  let server: ServerProcess;
  let base: string;
  before(async () => {
    server = await startPatternServer(root);
    base = await server.url(START_TIMEOUT);
  });
  after(() => server.stop());

  const inQuery = (path: string, name: string, value: string) =>
    send(`${base}/api/${path}?${name}=${encodeURIComponent(value)}`);
  const inBody = (path: string, body: object) =>
    send(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("in a query: the finding's value and a 60-character one get a 400 naming code", HANG_GUARD, async () => {
    assert.deepEqual(problemErrors(await inQuery('codes', 'code', FINDING)), [`query code: ${MISMATCH}`]);
    assert.deepEqual(problemErrors(await inQuery('codes', 'code', SIXTY)), [`query code: ${MISMATCH}`]);
  });

  it("in a body: the finding's value and a 60-character one get a 400 naming /code", HANG_GUARD, async () => {
    assert.deepEqual(problemErrors(await inBody('codes', { code: FINDING })), [`body /code: ${MISMATCH}`]);
    assert.deepEqual(problemErrors(await inBody('codes', { code: SIXTY })), [`body /code: ${MISMATCH}`]);
  });

  it('checks values up to the 1,000-character cap, and refuses longer ones unread', HANG_GUARD, async () => {
    const longest = '1'.repeat(1000);
    const replies = await Promise.all([
      inQuery('codes', 'code', longest),
      inBody('codes', { code: `${'1'.repeat(999)}!` }),
      inBody('codes', { code: `${longest}1` }),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [200, 400, 400],
    );
    assert.deepEqual(replies[0]?.json, { code: longest });
    assert.deepEqual(problemErrors(replies[1]!), [`body /code: ${MISMATCH}`]);
    assert.deepEqual(problemErrors(replies[2]!), [`body /code: ${TOO_LONG}`]);
  });

  it('leaves the server free: concurrent requests are all answered', HANG_GUARD, async () => {
    const replies = await Promise.all([
      inQuery('codes', 'code', SIXTY),
      inBody('codes', { code: SIXTY }),
      inQuery('codes', 'code', 'abc123'),
      inQuery('codes', 'code', SIXTY),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [400, 400, 200, 400],
    );
    assert.deepEqual(replies[2]?.json, { code: 'abc123' });
  });

  it('lookaheads after ^ run on RE2: long values pass, adversarial ones get a 400', HANG_GUARD, async () => {
    const long = `${'a'.repeat(40)}1`;
    const replies = await Promise.all([
      inQuery('codes/secret', 'secret', long),
      inQuery('codes/secret', 'secret', SIXTY),
      inQuery('codes/secret', 'secret', 'abcdefgh'),
      inBody('codes/secret', { secret: long }),
      inBody('codes/secret', { secret: SIXTY }),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [200, 400, 400, 200, 400],
    );
    const mismatch = `must match pattern "${LOOKAHEAD}"`;
    assert.deepEqual(problemErrors(replies[1]!), [`query secret: ${mismatch}`]);
    assert.deepEqual(problemErrors(replies[2]!), [`query secret: ${mismatch}`]);
    assert.deepEqual(problemErrors(replies[4]!), [`body /secret: ${mismatch}`]);
  });

  it(
    'a backreference runs on RegExp, on at most 12 characters, in a query and a body',
    HANG_GUARD,
    async () => {
      const twelve = 'abcdefghijka';
      const replies = await Promise.all([
        inQuery('codes/pair', 'pair', twelve),
        inQuery('codes/pair', 'pair', 'ab'),
        inQuery('codes/pair', 'pair', `b${twelve}`),
        inBody('codes/pair', { pair: twelve }),
        inBody('codes/pair', { pair: `b${twelve}` }),
      ]);
      assert.deepEqual(
        replies.map((reply) => reply.status),
        [200, 400, 400, 200, 400],
      );
      assert.deepEqual(problemErrors(replies[1]!), [`query pair: must match pattern "${BACKREFERENCE}"`]);
      assert.deepEqual(problemErrors(replies[2]!), [`query pair: ${TOO_LONG}`]);
      assert.deepEqual(problemErrors(replies[4]!), [`body /pair: ${TOO_LONG}`]);
    },
  );
});

describe('the analyzer on these patterns', () => {
  const result = analyzeProject({ root });
  const source = readFileSync(join(root, 'src', 'codes.controller.ts'), 'utf8').split('\n');
  /** The 1-based line after the line holding `after` whose text is exactly `line`. */
  const lineOf = (line: string, after = '') => source.indexOf(line, source.indexOf(after) + 1) + 1;

  it('warns at the property and the parameter of the backreference only, with the reason', () => {
    const warning = (line: number) =>
      `src/codes.controller.ts:${line}: warning: the @pattern '${BACKREFERENCE}' cannot run in linear time ` +
      "(a backreference); it runs on JavaScript's backtracking RegExp with a length limit of 12 characters at run time";
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    assert.deepEqual(warnings.map(formatDiagnostic), [
      warning(lineOf('  pair: string;')),
      warning(lineOf('    @Query()', '  pair(')),
    ]);
  });

  it('caps the backreference in the schema and leaves the linear patterns uncapped', () => {
    const { schemas } = result.model!;
    assert.deepEqual(schemas.Pair?.properties?.pair, {
      type: 'string',
      pattern: BACKREFERENCE,
      svc: { patternLimit: 12 },
    });
    assert.deepEqual(schemas.Secret?.properties?.secret, { type: 'string', pattern: LOOKAHEAD });
    assert.deepEqual(schemas.Code?.properties?.code, { type: 'string', pattern: OVERLAPPING });
  });
});
