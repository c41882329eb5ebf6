/**
 * The files `svc init` writes: a project that installs, serves and tests with
 * `npm install && npm run dev` and `npm test`. ES modules (`"type": "module"`), TypeScript as the
 * project's own compiler, tests run by Node's test runner under tsx.
 */

export interface TemplateValues {
  /** The package name (from the directory name). */
  name: string;
  /** The svcjs version range to depend on. */
  svcRange: string;
}

type Template = (values: TemplateValues) => string;

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const packageJson: Template = ({ name, svcRange }) =>
  json({
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: {
      dev: 'svc dev',
      build: 'svc build',
      start: 'svc start',
      test: 'node --import tsx --test test/*.test.ts',
    },
    dependencies: { svcjs: svcRange },
    devDependencies: { '@types/node': '^20.19.0', tsx: '^4.23.0', typescript: '^6.0.3' },
  });

const tsconfig: Template = () =>
  json({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      // Node's own types come from @types/node; the DOM library (the default) would double what
      // the compiler reads, and svc dev's start-up with it.
      lib: ['ES2023'],
      strict: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      sourceMap: true,
      types: ['node'],
      rootDir: 'src',
      outDir: 'dist',
    },
    include: ['src'],
  });

const controller: Template =
  () => `import { Body, Controller, Get, NotFoundError, Param, Post, StatusCode } from 'svcjs';

export interface Note {
  id: string;
  text: string;
}

export interface NewNote {
  /** @minLength 1 */
  text: string;
}

const notes = new Map<string, Note>([['1', { id: '1', text: 'Read the svc docs' }]]);

@Controller('notes')
export class NotesController {
  /** Every note. */
  @Get()
  list(): Note[] {
    return [...notes.values()];
  }

  /** One note by id. */
  @Get(':id')
  get(@Param() id: string): Note {
    const note = notes.get(id);
    if (!note) throw new NotFoundError(\`No note with id \${id}\`);
    return note;
  }

  /** Adds a note. */
  @Post()
  @StatusCode(201)
  create(@Body() body: NewNote): Note {
    const note = { id: String(notes.size + 1), text: body.text };
    notes.set(note.id, note);
    return note;
  }
}
`;

const test: Template = () => `import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp } from 'svcjs/testing';

let app: Awaited<ReturnType<typeof createTestApp>>;

before(async () => {
  app = await createTestApp({ root: '.', log: false });
});
after(() => app.close());

test('lists the notes', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/notes' });
  assert.equal(res.status, 200);
  assert.deepEqual(res.json(), [{ id: '1', text: 'Read the svc docs' }]);
});

test('adds a note, and refuses an empty one', async () => {
  const made = await app.inject({ method: 'POST', url: '/api/notes', body: { text: 'Write a test' } });
  assert.equal(made.status, 201);
  assert.deepEqual(made.json(), { id: '2', text: 'Write a test' });
  const empty = await app.inject({ method: 'POST', url: '/api/notes', body: { text: '' } });
  assert.equal(empty.status, 400);
  assert.equal(empty.headers['content-type'], 'application/problem+json');
});
`;

const readme: Template = ({ name }) => `# ${name}

A [svc](https://www.npmjs.com/package/svcjs) API.

\`\`\`sh
npm install && npm run dev   # serves http://localhost:8080/api/notes, the reference at /docs
npm test                     # the tests in test/, through createTestApp
\`\`\`

- \`src/notes.controller.ts\`: the routes; their types are the validation and the OpenAPI document
  (\`.svc/svc_swagger/swagger.json\`, written by \`svc dev\` and \`svc build\`).
- \`npm run build\` compiles into \`dist/\`; \`npm start\` serves that build.
`;

const gitignore: Template = () => `node_modules/
dist/
.svc/dev/
.svc/test/
.svc/test-cache/
`;

/** Path (relative to the project) → content. */
export const TEMPLATES: Readonly<Record<string, Template>> = {
  'package.json': packageJson,
  'tsconfig.json': tsconfig,
  'src/notes.controller.ts': controller,
  'test/notes.test.ts': test,
  'README.md': readme,
  '.gitignore': gitignore,
};
