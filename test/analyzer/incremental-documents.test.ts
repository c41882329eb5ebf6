/**
 * `svc dev` writes the documents and the client after an edit from what it kept of the previous
 * run (each controller's operations and each path's text): whatever the edit, the seven files must
 * be byte for byte what a cold analysis writes through the plain writers.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type ts from 'typescript';
import { analyzeProject } from '../../src/analyzer/index.js';
import { analyzeAndWriteSpec, type WrittenModel } from '../../src/cli/analyze.js';
import { printNothing } from '../../src/cli/dev-warnings.js';
import { CLIENT_FILE, generateClient } from '../../src/client-gen/index.js';
import {
  buildOpenApiDocuments,
  documentToJson,
  documentToYaml,
  SPEC_DIRECTORY,
  SPEC_FILE_NAMES,
} from '../../src/entries/openapi.js';
import { ANALYSIS_TSCONFIG } from '../support/scratch-project.js';

const MODELS = `export type Status = 'draft' | 'active';
export interface Owner { id: string; email: string }
export interface Item { id: string; name: string; status: Status; owner: Owner }
export interface Page<T> { items: T[]; total: number }
export interface Filter { q?: string; page?: number }
`;

const AUTH = `import { ApiSecurity, component, Guard, GuardResult, Header } from 'svcjs';
@ApiSecurity('bearer', { type: 'http', scheme: 'bearer' })
export class BearerAuth {
  @Guard()
  check(@Header('Authorization') auth: string | undefined): GuardResult {
    return auth === 'Bearer good' ? GuardResult.pass() : GuardResult.block({ statusCode: 401, body: 'no' });
  }
}
export const RequireBearer = component(BearerAuth);
`;

function controller(name: string, options: { query?: string; body?: string; guard?: boolean } = {}): string {
  return `import { Body, Controller, Get, Param, Post, Query } from 'svcjs';
import { RequireBearer } from '../auth.js';
import type { Filter, Item, Owner, Page } from '../models.js';
const sample = <T>(): T => ({}) as T;
${options.guard ? '@RequireBearer()' : ''}
@Controller('${name}')
export class ${name[0]!.toUpperCase()}${name.slice(1)}Controller {
  @Get()
  list(@Query() limit?: ${options.query ?? 'number'}): Page<Item> {
    return ${options.body ?? 'sample()'};
  }
  @Get(':id')
  get(@Param() id: string): Item {
    return sample();
  }
  @Post()
  create(@Body() body: Omit<Item, 'id'>): Item {
    return sample();
  }
  @Get('search')
  search(@Query() filter: Filter): Item[] {
    return sample();
  }
  @Get(':id/owner')
  owner(@Param() id: string): Owner {
    return sample();
  }
}
`;
}

/**
 * A controller returning `Api_`: the client calls that type `Api_` while no schema is named
 * `Api` (a name the client declares itself, so such a schema would be `Api_` and this one `Api__`).
 */
const HATS = `import { Controller, Get } from 'svcjs';
import type { Api_ } from '../models.js';
@Controller('hats')
export class HatsController {
  @Get('counts')
  counts(): Api_ {
    return { n: 1 };
  }
}
`;

/** A controller of an event stream: the client carries its SSE runtime only while one exists. */
const FEEDS = `import { Controller, SSE } from 'svcjs';
import type { Owner } from '../models.js';
@Controller('feeds')
export class FeedsController {
  @SSE('owners')
  async *owners(): AsyncGenerator<Owner> {}
}
`;

const OUTPUTS = [
  ...Object.values(SPEC_FILE_NAMES).flatMap((name) =>
    ['json', 'yaml'].map((ext) => path.join(SPEC_DIRECTORY, `${name}.${ext}`)),
  ),
  CLIENT_FILE,
];

describe('documents written after an edit', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'svc-incremental-documents-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('tsconfig.json', ANALYSIS_TSCONFIG);
  write('src/app.ts', "import { App } from 'svcjs';\n@App({ prefix: '/api' })\nexport class TestApp {}\n");
  write('src/models.ts', MODELS);
  write('src/auth.ts', AUTH);
  write('src/controllers/books.ts', controller('books'));
  write('src/controllers/films.ts', controller('films'));
  write('src/controllers/games.ts', controller('games', { guard: true }));

  const written: WrittenModel = {};
  let program: ts.Program | undefined;

  /** An edit as `svc dev` runs it: the previous program, the written model, the seven files. */
  async function rebuild(): Promise<Record<string, string>> {
    const run = await analyzeAndWriteSpec(root, program, { written, printer: printNothing });
    assert.deepEqual(run.errors, []);
    program = run.program;
    return Object.fromEntries(OUTPUTS.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  }

  /** The seven texts of a cold analysis through the writers that keep nothing. */
  function cold(): Record<string, string> {
    const model = analyzeProject({ root, typeCheck: false }).model;
    assert.ok(model);
    const documents = buildOpenApiDocuments(model);
    const texts: Record<string, string> = { [CLIENT_FILE]: generateClient(model) };
    for (const [version, name] of Object.entries(SPEC_FILE_NAMES)) {
      const document = documents[version as keyof typeof SPEC_FILE_NAMES];
      texts[path.join(SPEC_DIRECTORY, `${name}.json`)] = documentToJson(document);
      texts[path.join(SPEC_DIRECTORY, `${name}.yaml`)] = documentToYaml(document);
    }
    return texts;
  }

  /** Applies `edit`, rebuilds, and checks the files against a cold build; returns the files that changed. */
  async function editAndCompare(
    label: string,
    before: Record<string, string>,
    edit: () => void,
  ): Promise<string[]> {
    edit();
    const after = await rebuild();
    const expected = cold();
    for (const file of OUTPUTS)
      assert.equal(after[file], expected[file], `${file} differs from a cold build after ${label}`);
    return OUTPUTS.filter((file) => after[file] !== before[file]);
  }

  it('writes what a cold build writes, for each kind of edit', async () => {
    let files = await rebuild();
    const first = cold();
    for (const file of OUTPUTS) assert.equal(files[file], first[file], `${file}: the first build`);
    const steps: [string, () => void, string[]][] = [
      [
        'a handler body',
        () => write('src/controllers/books.ts', controller('books', { body: '{ items: [], total: 0 }' })),
        [],
      ],
      [
        'a route parameter type',
        () => write('src/controllers/books.ts', controller('books', { query: 'string' })),
        OUTPUTS,
      ],
      [
        'a shared type',
        () => write('src/models.ts', MODELS.replace('name: string;', 'name: string; note?: string;')),
        OUTPUTS,
      ],
      [
        'a query object type (its properties are the parameters)',
        () => write('src/models.ts', MODELS.replace('page?: number', 'page?: number; size?: number')),
        OUTPUTS,
      ],
      ['a controller added', () => write('src/controllers/hats.ts', controller('hats')), OUTPUTS],
      ['a controller removed', () => rmSync(path.join(root, 'src/controllers/hats.ts')), OUTPUTS],
      [
        'the only guarded controller unguarded',
        () => write('src/controllers/games.ts', controller('games')),
        OUTPUTS,
      ],
      [
        'guarded again',
        () => write('src/controllers/games.ts', controller('games', { guard: true })),
        OUTPUTS,
      ],
      [
        "a guard's answer (app-wide: every guarded operation)",
        () => write('src/auth.ts', AUTH.replace('statusCode: 401', 'statusCode: 403')),
        OUTPUTS,
      ],
      [
        "a security scheme's name (app-wide, in no controller: the client's credentials)",
        () =>
          write(
            'src/auth.ts',
            AUTH.replace('statusCode: 401', 'statusCode: 403').replace(
              "ApiSecurity('bearer'",
              "ApiSecurity('token'",
            ),
          ),
        OUTPUTS,
      ],
      [
        'a type named Api_ (the client calls it Api_)',
        () => {
          write('src/models.ts', `${MODELS}export interface Api_ { n: number }\n`);
          write('src/controllers/hats.ts', HATS);
        },
        OUTPUTS,
      ],
      [
        // A schema `Api` sorts first and takes `Api_`: the unchanged hats controller's text now says `Api__`.
        'a type named Api, which takes that client name',
        () => {
          write(
            'src/models.ts',
            `${MODELS}export interface Api_ { n: number }\nexport interface Api { m: number }\n`,
          );
          write(
            'src/controllers/books.ts',
            controller('books')
              .replace('): Owner {', '): Api {')
              .replace('type { Filter', 'type { Api, Filter'),
          );
        },
        OUTPUTS,
      ],
      ['an event stream added', () => write('src/controllers/feeds.ts', FEEDS), OUTPUTS],
      ['the event stream removed', () => rmSync(path.join(root, 'src/controllers/feeds.ts')), OUTPUTS],
    ];
    for (const [label, edit, changed] of steps) {
      const before = files;
      const changedFiles = await editAndCompare(label, before, edit);
      assert.deepEqual(changedFiles, changed, `files changed by ${label}`);
      files = Object.fromEntries(OUTPUTS.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
    }
  });
});
