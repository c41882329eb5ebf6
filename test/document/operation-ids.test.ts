/**
 * Operation ids (docs/openapi.md, "Operation ids"): the app's `operationIds` rule names every
 * operation without `@ApiOperationId`, which names its own; the document and the typed client use
 * the same names; duplicates, unreadable and malformed ids are analysis errors naming file:line;
 * and only the analyzer takes the option (a served app keeps it in its model, createApp refuses it).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, type AnalysisResult } from '../../src/analyzer/index.js';
import { generateClient } from '../../src/client-gen/index.js';
import { buildOpenApi32Document, buildOpenApiDocument } from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { createApp } from '../../src/runtime/app/create-app.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { serveFixture } from '../support/served-fixture.js';
import { ANALYSIS_TSCONFIG } from '../support/scratch-project.js';

const queryFixture = fileURLToPath(new URL('../fixtures/query-method/', import.meta.url));
const methodRuleFixture = fileURLToPath(new URL('../fixtures/operation-ids/', import.meta.url));

function modelOf(root: string): AppModel {
  const result = analyzeProject({ root, typeCheck: false });
  assert.deepEqual(result.diagnostics, []);
  return result.model as AppModel;
}

/** `METHOD /path operationId` of every operation of the 3.0.3 document, and the same of the 3.2 one. */
function documentedIds(model: AppModel): [string[], string[]] {
  const list = (paths: Record<string, object>) =>
    Object.entries(paths).flatMap(([key, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        method === 'x-svc-methods' || method === 'additionalOperations'
          ? Object.entries(operation as Record<string, { operationId: string }>).map(
              ([name, inner]) => `${name} ${key} ${inner.operationId}`,
            )
          : [`${method.toUpperCase()} ${key} ${(operation as { operationId: string }).operationId}`],
      ),
    );
  return [list(buildOpenApiDocument(model).paths), list(buildOpenApi32Document(model).paths)];
}

/** The client's calls as `group.method`, from the generated `Api` interface. */
function clientCalls(model: AppModel): string[] {
  const text = generateClient(model);
  const api = text.slice(
    text.indexOf('export interface Api {'),
    text.indexOf('export interface OperationErrors'),
  );
  const calls: string[] = [];
  let group = '';
  for (const line of api.split('\n')) {
    const opened = /^ {2}(\w+): \{$/.exec(line);
    if (opened) group = opened[1]!;
    const method = /^ {4}(\w+)\(/.exec(line);
    if (method) calls.push(`${group}.${method[1]}`);
  }
  return calls;
}

/** Temporary projects whose `svcjs` is svc's own sources. */
class Projects {
  readonly #roots: string[] = [];

  make(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'svc-operation-ids-'));
    this.#roots.push(root);
    writeFileSync(path.join(root, 'tsconfig.json'), ANALYSIS_TSCONFIG);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return root;
  }

  removeAll(): void {
    for (const root of this.#roots) rmSync(root, { recursive: true, force: true });
  }
}

function appSource(options: string): string {
  return `import { App } from 'svcjs';\n@App(${options})\nexport class TheApp {}\n`;
}

/** `<Name>Controller` with one GET route per handler name; `ids` gives a handler an `@ApiOperationId(<expression>)`. */
function routesSource(name: string, handlers: string[], ids: Record<string, string> = {}): string {
  const lines = [
    "import { ApiOperationId, Controller, Get } from 'svcjs';",
    'void ApiOperationId;',
    `@Controller('${name.toLowerCase()}')`,
    `export class ${name}Controller {`,
  ];
  for (const handler of handlers) {
    lines.push(`  @Get('${handler}')`);
    if (ids[handler] !== undefined) lines.push(`  @ApiOperationId(${ids[handler]})`);
    lines.push(`  ${handler}(): string {`, `    return '${handler}';`, '  }', '');
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** The 1-based line of the first line of `source` holding `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  assert.notEqual(index, -1, `no line holds ${text}`);
  return index + 1;
}

function idsOf(result: AnalysisResult): string[] {
  assert.deepEqual(result.diagnostics, []);
  return result.model!.controllers.flatMap((controller) =>
    controller.routes.map((route) => route.doc.operationId),
  );
}

function errorsOf(result: AnalysisResult): string[] {
  return result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.code} ${diagnostic.message}`);
}

describe('operation ids by the rule, or by @ApiOperationId', () => {
  it('default rule: <base>_<method>; @ApiOperationId (a constant’s property) as written, in both documents and the client', () => {
    const model = modelOf(queryFixture);
    const expected = ['GET /books books_list', 'QUERY /books searchCatalogue', 'GET /books/{id} books_get'];
    assert.deepEqual(documentedIds(model), [expected, expected]);
    assert.deepEqual(clientCalls(model), ['books.list', 'books.searchCatalogue', 'books.get']);
    assert.match(generateClient(model), /"books\.searchCatalogue": \[400, 413, 415\]/);
  });

  it("@App({ operationIds: 'method' }): the handlers' names, in both documents and the client", () => {
    const model = modelOf(methodRuleFixture);
    assert.deepEqual(model.options, { operationIds: 'method' });
    const expected = [
      'GET /authors listAuthors',
      'QUERY /authors searchAuthors',
      'GET /books listBooks',
      'GET /books/{id} bookById',
    ];
    assert.deepEqual(documentedIds(model), [expected, expected]);
    assert.deepEqual(clientCalls(model), [
      'authors.listAuthors',
      'authors.searchAuthors',
      'books.listBooks',
      'books.bookById',
    ]);
  });
});

describe('the rule from svc.config.json, and on re-analysis', () => {
  const projects = new Projects();
  after(() => projects.removeAll());

  it('svc.config.json sets the rule; @App wins over it', () => {
    const controller = routesSource('Books', ['list']);
    const fromConfig = projects.make({
      'svc.config.json': JSON.stringify({ app: { operationIds: 'method' } }),
      'src/books.ts': controller,
    });
    assert.deepEqual(idsOf(analyzeProject({ root: fromConfig, typeCheck: false })), ['list']);
    const both = projects.make({
      'svc.config.json': JSON.stringify({ app: { operationIds: 'method' } }),
      'src/app.ts': appSource("{ operationIds: 'controller_method' }"),
      'src/books.ts': controller,
    });
    assert.deepEqual(idsOf(analyzeProject({ root: both, typeCheck: false })), ['books_list']);
  });

  it('a changed rule renames the routes of files that did not change (svc dev reuses their analysis)', () => {
    const root = projects.make({
      'src/app.ts': appSource('{}'),
      'src/books.ts': routesSource('Books', ['list', 'get']),
    });
    const first = analyzeProject({ root, typeCheck: false });
    assert.deepEqual(idsOf(first), ['books_list', 'books_get']);
    writeFileSync(path.join(root, 'src', 'app.ts'), appSource("{ operationIds: 'method' }"));
    const second = analyzeProject({ root, typeCheck: false, oldProgram: first.program });
    assert.deepEqual(idsOf(second), ['list', 'get']);
    writeFileSync(path.join(root, 'src', 'app.ts'), appSource('{}'));
    const third = analyzeProject({ root, typeCheck: false, oldProgram: second.program });
    assert.deepEqual(idsOf(third), ['books_list', 'books_get']);
  });
});

describe('analysis errors', () => {
  const projects = new Projects();
  after(() => projects.removeAll());

  it("two routes with one id under the 'method' rule: SVC_ERR_DUPLICATE_OPERATION_ID naming both", () => {
    const authors = routesSource('Authors', ['list']);
    const books = routesSource('Books', ['list']);
    const root = projects.make({
      'src/app.ts': appSource("{ operationIds: 'method' }"),
      'src/authors.ts': authors,
      'src/books.ts': books,
    });
    assert.deepEqual(errorsOf(analyzeProject({ root, typeCheck: false })), [
      `src/books.ts:${lineOf(books, 'list()')} SVC_ERR_DUPLICATE_OPERATION_ID operationId 'list' of BooksController.list is also the operationId of AuthorsController.list at src/authors.ts:${lineOf(authors, 'list()')}`,
    ]);
  });

  it("an @ApiOperationId equal to another route's id by the rule: the same error", () => {
    const authors = routesSource('Authors', ['list'], { list: "'books_list'" });
    const books = routesSource('Books', ['list']);
    const root = projects.make({ 'src/authors.ts': authors, 'src/books.ts': books });
    assert.deepEqual(errorsOf(analyzeProject({ root, typeCheck: false })), [
      `src/books.ts:${lineOf(books, 'list()')} SVC_ERR_DUPLICATE_OPERATION_ID operationId 'books_list' of BooksController.list is also the operationId of AuthorsController.list at src/authors.ts:${lineOf(authors, 'list()')}`,
    ]);
  });

  it('two ids the typed client would call by one name (api.books.list): the same error', () => {
    const books = routesSource('Books', ['list', 'search'], { search: "'list'" });
    const root = projects.make({ 'src/books.ts': books });
    assert.deepEqual(errorsOf(analyzeProject({ root, typeCheck: false })), [
      `src/books.ts:${lineOf(books, 'search()')} SVC_ERR_DUPLICATE_OPERATION_ID BooksController.search (operationId 'list') would be api.books.list in the typed client, as is BooksController.list (operationId 'books_list') at src/books.ts:${lineOf(books, 'list()')}; give one of them another @ApiOperationId`,
    ]);
  });

  it('an id not known at build time is SVC_ERR_NOT_STATIC; a malformed one SVC_ERR_INVALID_OPERATION_ID', () => {
    const books = [
      'let chosen = "find";',
      'chosen += "All";',
      routesSource('Books', ['list', 'search', 'blank'], {
        list: 'chosen',
        search: "'find books'",
        blank: "''",
      }),
    ].join('\n');
    const root = projects.make({ 'src/books.ts': books });
    const expected = "an operation id is a letter or '_', then letters, digits, '_', '.' or '-'";
    assert.deepEqual(errorsOf(analyzeProject({ root, typeCheck: false })), [
      `src/books.ts:${lineOf(books, '(chosen)')} SVC_ERR_NOT_STATIC @ApiOperationId operation id must be a string known at build time (a literal or a constant), got \`chosen\``,
      `src/books.ts:${lineOf(books, "('find books')")} SVC_ERR_INVALID_OPERATION_ID @ApiOperationId("find books"): ${expected}`,
      `src/books.ts:${lineOf(books, "('')")} SVC_ERR_INVALID_OPERATION_ID @ApiOperationId(""): ${expected}`,
    ]);
  });

  it('an unknown rule is SVC_ERR_INVALID_OPTION, in @App and in svc.config.json', () => {
    const app = appSource("{ operationIds: 'snake' }");
    const root = projects.make({
      'svc.config.json': JSON.stringify({ app: { operationIds: 'camelCase' } }),
      'src/app.ts': app,
      'src/books.ts': routesSource('Books', ['list']),
    });
    const expected = "must be 'controller_method' or 'method'";
    assert.deepEqual(errorsOf(analyzeProject({ root, typeCheck: false })), [
      `src/app.ts:${lineOf(app, "'snake'")} SVC_ERR_INVALID_OPTION @App option 'operationIds' ${expected} (got "snake")`,
      `svc.config.json:1 SVC_ERR_INVALID_OPTION svc.config.json: app option 'operationIds' ${expected} (got "camelCase")`,
    ]);
  });
});

describe('the option at run time', () => {
  const served = serveFixture(methodRuleFixture);

  it('an app whose model holds the rule starts and serves', async () => {
    const response = await fetch(`${served.base}/api/books/1`);
    assert.deepEqual([response.status, await response.json()], [200, { id: '1', title: 'Kindred' }]);
  });

  it('createApp refuses it: SVC_ERR_INVALID_OPTION saying where it belongs', async () => {
    // Its module paths are relative to the fixture: without `root` they would be read from the
    // process's directory (and only a module cache filled by the test above hid that).
    const model = modelOf(methodRuleFixture);
    const options = { model, root: methodRuleFixture, log: false, operationIds: 'method' };
    await assert.rejects(createApp(options as Parameters<typeof createApp>[0]), (error: unknown) => {
      assert.ok(error instanceof SvcError);
      assert.equal(error.code, 'SVC_ERR_INVALID_OPTION');
      assert.equal(
        error.message,
        "createApp option 'operationIds' is read when the app is analyzed (svc dev, svc build, createTestApp): give it in @App or svc.config.json [SVC_ERR_INVALID_OPTION]",
      );
      return true;
    });
  });
});
