/**
 * Every ```ts snippet of README.md and docs/*.md type-checks against this repository's svc, so a
 * snippet added to any page is checked without anyone marking it. Markers, each an HTML comment on
 * a line before the fence (test/docs/snippets.ts has the details):
 *   <!-- compile: members -->              class members shown without their class
 *   <!-- compile: name.ts -->              the snippet's file name, for another snippet to import
 *   <!-- compile: expect-error TS2322 -->  a compile error on purpose: exactly these codes
 *   <!-- compile: skip <reason> -->        not svc code: not compiled (the NestJS side of from-nestjs.md)
 * A snippet may leave out its svc imports and `{ ... }` bodies; what an app declares elsewhere
 * comes from its page's prelude (test/docs/prelude.ts).
 *
 * All pages are one program. The typed client the client snippets call is generated from
 * test/docs/client-app, and the snippets' program takes the files that app's analysis already
 * parsed (svc's sources, Node's types) instead of parsing them again.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';
import { generateClient } from '../../src/client-gen/index.js';
import { EXTRA_FILES, PRELUDES } from './prelude.js';
import {
  compileProject,
  pageFolder,
  pageSnippets,
  programErrors,
  REPO,
  snippetErrors,
  snippetSource,
  svcExports,
  type Snippet,
  type SnippetError,
  writeProject,
} from './snippets.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** A page of this test's own, for the markers: one snippet each way a page may read. */
const MARKERS_PAGE = `# Markers

<!-- compile: expect-error TS2322 -->

\`\`\`ts
const n: number = 'one';
\`\`\`

<!-- compile: expect-error TS2322 -->
\`\`\`ts
const n: number = 1;
\`\`\`

<!-- compile: members -->
\`\`\`ts
@Get(':id')
get(@Param() id: string): Book { ... }
\`\`\`

\`\`\`ts
import { Get } from 'svcjs';

export const route = [Get, Param];
export class Elided { ... }
\`\`\`

<!-- compile: skip not svc code -->
\`\`\`ts
@Module({}) export class AppModule {}
\`\`\`
`;

/** One line per way a snippet disagrees with what it expects. */
function report(snippets: readonly Snippet[], errors: readonly SnippetError[]): string[] {
  return snippets.flatMap((snippet) => {
    const own = errors.filter((error) => error.snippet === snippet);
    const where = `${snippet.doc}:${snippet.line} (${snippet.file})`;
    if (snippet.expectErrors.length === 0) {
      return own.map(
        (error) => `${snippet.doc}:${error.line} (${snippet.file}): ${error.code} ${error.text}`,
      );
    }
    const codes = [...new Set(own.map((error) => error.code))].sort();
    if (codes.join() === snippet.expectErrors.join()) return [];
    return [`${where}: expected ${snippet.expectErrors.join(' ')}, got ${codes.join(' ') || 'none'}`];
  });
}

describe('documentation snippets', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-doc-snippets-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  const snippets = PAGES.flatMap((page) => pageSnippets(page));
  const markers = pageSnippets('markers.md', MARKERS_PAGE);
  let errors: SnippetError[] = [];
  let outside: string[] = [];

  before(() => {
    const analysis = analyzeProject({ root: join(REPO, 'test/docs/client-app'), typeCheck: false });
    assert.ok(analysis.model, analysis.diagnostics.map(formatDiagnostic).join('\n'));
    const exports = svcExports();
    const checked = [...snippets, ...markers].filter((snippet) => snippet.skip === undefined);
    const files = new Map<string, string>([
      ...checked.map((snippet) => {
        const prelude = PRELUDES[pageFolder(snippet.doc)] ?? {};
        return [snippet.file, snippetSource(snippet, { prelude, exports })] as const;
      }),
      ...Object.entries(EXTRA_FILES),
      ['.svc/client.ts', generateClient(analysis.model)],
    ]);
    writeProject(root, files);
    const program = compileProject(root, analysis.program);
    errors = snippetErrors(program, root, checked);
    outside = programErrors(program);
  });

  it('every snippet not compiled says why: the NestJS side of from-nestjs.md', () => {
    assert.deepEqual(
      snippets
        .filter((snippet) => snippet.skip !== undefined)
        .map((snippet) => `${snippet.doc}: ${snippet.skip}`),
      Array.from({ length: 11 }, () => 'docs/from-nestjs.md: NestJS code'),
    );
  });

  it('every snippet of every page type-checks', () => {
    const problems = [...outside, ...report(snippets, errors)];
    assert.deepEqual(problems, [], `\n${problems.join('\n')}\n(project: ${relative(REPO, root)})`);
  });

  it('the markers: expected errors must occur, members compile inside a class, skipped is not compiled', () => {
    assert.deepEqual(
      markers.map((snippet) => [snippet.file, snippet.members, snippet.expectErrors, snippet.skip]),
      [
        ['markers/snippet-1.ts', false, ['TS2322'], undefined],
        ['markers/snippet-2.ts', false, ['TS2322'], undefined],
        ['markers/snippet-3.ts', true, [], undefined],
        ['markers/snippet-4.ts', false, [], undefined],
        ['markers/snippet-5.ts', false, [], 'not svc code'],
      ],
    );
    // snippet 3 gets Get and Param imported, and (with no prelude) not Book; snippet 4 imports from
    // svcjs itself, so Param is not imported for it; its class body `{ ... }` is an empty one
    assert.deepEqual(report(markers, errors), [
      'markers.md:11 (markers/snippet-2.ts): expected TS2322, got none',
      "markers.md:17 (markers/snippet-3.ts): TS2304 Cannot find name 'Book'.",
      "markers.md:23 (markers/snippet-4.ts): TS2304 Cannot find name 'Param'.",
    ]);
  });

  it('every TypeScript fence is a snippet: ```typescript, words after the language, indented ones', () => {
    const page =
      '```typescript title="a.ts"\nexport const a = 1;\n```\n\n- item\n\n  ```ts\n  const b = 2;\n  ```\n';
    assert.deepEqual(
      pageSnippets('fences.md', page).map((snippet) => [snippet.line, snippet.code]),
      [
        [2, 'export const a = 1;'],
        [8, 'const b = 2;'],
      ],
    );
  });

  it('a marker must be one the test knows, right before a fence', () => {
    assert.throws(
      () => pageSnippets('typo.md', '<!-- compile: memebrs -->\n```ts\nexport {};\n```\n'),
      /typo\.md:2: unknown compile marker 'memebrs'/,
    );
    assert.throws(
      () => pageSnippets('stray.md', '<!-- compile: members -->\n\nText.\n\n```ts\nexport {};\n```\n'),
      /stray\.md:1: a compile marker must precede a fence/,
    );
  });
});
