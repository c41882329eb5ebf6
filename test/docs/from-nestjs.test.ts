/**
 * The code users copy from the docs compiles against this repository's svc.
 *
 * docs/from-nestjs.md marks each svc snippet with a `<!-- compile: name.ts -->` line before its
 * ```ts fence; the NestJS side is left unmarked (it needs @nestjs packages). README.md and
 * docs/getting-started.md are small enough to compile every ```ts block. The snippets are
 * written into a temporary project whose tsconfig resolves `svcjs` and `svcjs/testing` to
 * src/ through `paths`, one folder per page (so a page's snippets can import each other), and
 * type-checked with the compiler API. Types a snippet uses but an app would declare elsewhere
 * are appended after it: a first line `// Assumed: <declarations>` in the snippet itself, or a
 * page's prelude below. Appending keeps the snippet's own line numbers for the messages.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { analyzeProject } from '../../src/analyzer/index.js';
import { formatDiagnostic } from '../../src/analyzer/diagnostics.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

interface Snippet {
  /** Path in the temporary project, under src/. */
  file: string;
  code: string;
  /** The doc and the 1-based line of the snippet's first code line, for messages. */
  doc: string;
  line: number;
}

/** `<!-- compile: name.ts -->` then a ```ts fence: the marked snippets of a page. */
function markedSnippets(doc: string, folder: string): Snippet[] {
  const lines = readFileSync(join(repo, doc), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  lines.forEach((text, index) => {
    const name = /^<!-- compile: (\S+\.ts) -->$/.exec(text)?.[1];
    if (name === undefined) return;
    let fence = index + 1;
    while (lines[fence]?.trim() === '') fence++;
    assert.equal(
      lines[fence],
      '```ts',
      `${doc}:${index + 1}: the compile marker must precede a \`\`\`ts fence`,
    );
    snippets.push(fenced(lines, fence, { doc, folder, name }));
  });
  return snippets;
}

/** Every ```ts block of a page, named in order. */
function allSnippets(doc: string, folder: string): Snippet[] {
  const lines = readFileSync(join(repo, doc), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  lines.forEach((text, index) => {
    if (text === '```ts') {
      snippets.push(fenced(lines, index, { doc, folder, name: `snippet-${snippets.length + 1}.ts` }));
    }
  });
  return snippets;
}

function fenced(
  lines: string[],
  fence: number,
  where: { doc: string; folder: string; name: string },
): Snippet {
  const end = lines.findIndex((text, index) => index > fence && text === '```');
  assert.notEqual(end, -1, `${where.doc}:${fence + 1}: unclosed fence`);
  const code = lines.slice(fence + 1, end).join('\n');
  return { file: `${where.folder}/${where.name}`, code, doc: where.doc, line: fence + 2 };
}

/**
 * The snippet, then what its `// Assumed:` first line says, then the page's prelude. The
 * analyzer only describes exported types, so `exported` exports the assumed declarations.
 */
function source(snippet: Snippet, prelude: string, exported = false): string {
  const assumed = /^\/\/ Assumed: (.*)$/.exec(snippet.code.split('\n')[0] ?? '')?.[1];
  const declarations = assumed === undefined ? '' : `${exported ? 'export ' : ''}${assumed}`;
  return `${snippet.code}\n${declarations}\n${prelude}\n`;
}

/**
 * Names README.md and getting-started.md use without declaring: an app has them elsewhere.
 * README's repository is declared only for the snippet that uses it (it names that snippet's Book).
 */
const readmePrelude = `declare class BookRepository {
  list(filter: { author?: string; limit?: number }): Book[];
  find(id: string): Book | undefined;
  add(book: Omit<Book, 'id'>): Book;
}`;
const gettingStartedPrelude = `declare class TokenStore {}
declare class BookRepo {}
declare const repo: BookRepo;
declare class Clock {}
declare class SystemClock extends Clock {}
declare class Mailer { constructor(url: string | undefined); }
declare class BearerAuth {}
declare class AllowAll {}`;

function writeProject(root: string, files: ReadonlyMap<string, string>): void {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(repo, 'node_modules/@types')],
      paths: {
        svcjs: [join(repo, 'src/index.ts')],
        'svcjs/testing': [join(repo, 'src/testing/index.ts')],
      },
    },
    include: ['src'],
  };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const [file, text] of files) {
    mkdirSync(dirname(join(root, 'src', file)), { recursive: true });
    writeFileSync(join(root, 'src', file), text);
  }
}

/** Type errors of the snippet files only (svc's own sources are checked by `npm run typecheck`). */
function typeErrors(root: string, snippets: readonly Snippet[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  );
  assert.ok(parsed);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const byFile = new Map(snippets.map((snippet) => [join(root, 'src', snippet.file), snippet]));
  const messages = program
    .getOptionsDiagnostics()
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  for (const sourceFile of program.getSourceFiles()) {
    const snippet = byFile.get(sourceFile.fileName);
    if (!snippet) continue;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    for (const diagnostic of diagnostics) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      messages.push(`${snippet.doc}:${snippet.line + line} (${snippet.file}): ${text}`);
    }
  }
  return messages;
}

describe('documentation snippets', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-doc-snippets-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  const nest = markedSnippets('docs/from-nestjs.md', 'from-nestjs');
  const readme = allSnippets('README.md', 'readme');
  const gettingStarted = allSnippets('docs/getting-started.md', 'getting-started');

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

  it('every marked snippet of from-nestjs.md, README.md and getting-started.md type-checks', () => {
    const files = new Map<string, string>([
      ...nest.map((snippet) => [snippet.file, source(snippet, '')] as const),
      ...readme.map(
        (snippet) =>
          [
            snippet.file,
            source(snippet, snippet.code.includes('BookRepository') ? readmePrelude : ''),
          ] as const,
      ),
      ...gettingStarted.map((snippet) => [snippet.file, source(snippet, gettingStartedPrelude)] as const),
      // getting-started's src/main.ts imports its controller module for its side effect only
      ['getting-started/users.controller.ts', 'export {};\n'],
    ]);
    writeProject(root, files);
    const errors = typeErrors(root, [...nest, ...readme, ...gettingStarted]);
    assert.deepEqual(errors, [], `\n${errors.join('\n')}\n(project: ${relative(repo, root)})`);
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
        new Map([controller, snippet].map((each) => [each.file, source(each, '', true)])),
      );
      const result = analyzeProject({ root: projectRoot });
      for (const diagnostic of result.diagnostics.filter((each) => each.severity === 'error')) {
        errors.push(`${snippet.doc}:${snippet.line} (${snippet.file}): ${formatDiagnostic(diagnostic)}`);
      }
    }
    assert.deepEqual(errors, []);
  });
});
