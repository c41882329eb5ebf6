/**
 * docs/from-nestjs.md puts NestJS code beside the svc code that does the same: each svc snippet is
 * named by a `<!-- compile: name.ts -->` marker, one per concept, and each is a project svc
 * analyzes without errors (the NestJS side is marked `skip`). That every snippet of the page
 * type-checks is snippets.test.ts's job, for every page; this file adds what only svc's analysis
 * sees.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analyzeProject } from '../../src/analyzer/index.js';
import { formatDiagnostic } from '../../src/analyzer/diagnostics.js';
import { pageSnippets, snippetSource, svcExports, writeProject } from './snippets.js';

describe('from-nestjs.md', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-doc-nestjs-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  const nest = pageSnippets('docs/from-nestjs.md').filter((snippet) => snippet.named);
  const context = { prelude: {}, exports: svcExports() };

  it('from-nestjs.md marks one svc snippet per concept', () => {
    assert.deepEqual(
      nest.map((snippet) => snippet.file.slice('from-nestjs/'.length)),
      [
        'users.controller.ts',
        'app.ts',
        'orders.controller.ts',
        'users.dto.ts',
        'auth.ts',
        'errors.ts',
        'response-time.ts',
        'timing.ts',
        'documented.controller.ts',
        'main.app.ts',
        'users.test.ts',
        'live.controller.ts',
      ],
    );
  });

  // Type-correct is not enough: an @App value svc cannot read at build time type-checks fine.
  it('each from-nestjs.md snippet is a project svc analyzes without errors', () => {
    const controller = nest.find((snippet) => snippet.file.endsWith('/users.controller.ts'));
    assert.ok(controller);
    const errors: string[] = [];
    for (const snippet of nest.filter((each) => each !== controller && !each.file.endsWith('.test.ts'))) {
      // one project per snippet: several of them declare an @App class, and an app has one
      const projectRoot = mkdtempSync(join(root, 'analyze-'));
      writeProject(
        projectRoot,
        new Map([controller, snippet].map((each) => [each.file, snippetSource(each, context, true)])),
      );
      // type errors are snippets.test.ts's (one program for every page): here only svc's own
      const result = analyzeProject({ root: projectRoot, typeCheck: false });
      for (const diagnostic of result.diagnostics.filter((each) => each.severity === 'error')) {
        errors.push(`${snippet.doc}:${snippet.line} (${snippet.file}): ${formatDiagnostic(diagnostic)}`);
      }
    }
    assert.deepEqual(errors, []);
  });
});
