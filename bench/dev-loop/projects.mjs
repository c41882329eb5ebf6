// The projects the dev-loop bench drives, each with the three edits it times. Every project is
// a fresh copy in a temporary directory, so the bench never edits the repository's own files.
//
// - example: examples/bookstore with svcjs installed, as a user has it (types from dist/).
// - generated: the analyzer bench's 300 controllers × 10 routes.
// - fastify: a Fastify app of the example's size under `tsx watch`, the peer's usual dev loop.
//
// An edit is `apply(round)`, which writes the file, and `probe`, a request plus a predicate on
// the answer that is true once the new code answers. A comment edit changes no behaviour, so
// its probe is the dev loop reporting it settled (svc) or a new server process (Fastify).
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { controllerFile, writeSvcProject } from '../lib/gen-analyzer-project.mjs';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const repoDir = dirname(benchDir);
/**
 * The measured svc package (dist/, src/, package.json): this checkout unless `--svc <dir>` names
 * a copy, e.g. a snapshot taken before a change, to measure before and after side by side.
 */
const svcIndex = process.argv.indexOf('--svc');
export const svcDir = svcIndex < 0 ? repoDir : process.argv[svcIndex + 1];

function replaceIn(file, from, to) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`dev-loop bench: ${file} has no ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}

/** Alternates an edit between two texts, so every round changes the file. */
function toggle(file, a, b, round) {
  const text = readFileSync(file, 'utf8');
  if (text.includes(a)) writeFileSync(file, text.replace(a, b));
  else replaceIn(file, b, a);
  return round;
}

export function exampleProject(root) {
  cpSync(join(repoDir, 'examples', 'bookstore'), root, {
    recursive: true,
    filter: (path) => !path.includes('/.svc'),
  });
  // As a user has it: svcjs installed (its types from dist/), not the repository's `paths`
  // mapping to svc's sources, which puts svc's 300 source files in the program.
  const tsconfigFile = join(root, 'tsconfig.json');
  const tsconfig = JSON.parse(readFileSync(tsconfigFile, 'utf8'));
  delete tsconfig.compilerOptions.paths;
  writeFileSync(tsconfigFile, JSON.stringify(tsconfig, null, 2));
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(svcDir, join(root, 'node_modules', 'svcjs'), 'dir');
  symlinkSync(join(repoDir, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir');
  const controller = join(root, 'src', 'books.controller.ts');
  return {
    name: 'example',
    root,
    sources: [controller],
    probe: '/api/books',
    edits: {
      comment: (round) => toggle(controller, '/** Lists books,', `/** Lists the books,`, round),
      body: (round) => {
        const text = readFileSync(controller, 'utf8').replace(
          /No book with id \$\{id\}( v\d+)?`/,
          `No book with id \${id} v${round}\``,
        );
        writeFileSync(controller, text);
        return { path: '/api/books/none', ok: (answer) => answer.text.includes(`v${round}`) };
      },
      signature: (round) => {
        const literal = "@Query() author?: 'Frank Herbert' | 'Ursula K. Le Guin'";
        toggle(controller, '@Query() author?: string', literal, round);
        const narrow = readFileSync(controller, 'utf8').includes(literal);
        return { path: '/api/books?author=nobody', ok: (answer) => answer.status === (narrow ? 400 : 200) };
      },
    },
  };
}

export function generatedProject(root) {
  writeSvcProject(root, svcDir);
  const controller = controllerFile(root, 7);
  return {
    name: '300×10',
    root,
    sources: [controller],
    probe: '/api/things7?limit=1',
    edits: {
      comment: (round) =>
        toggle(controller, "@Controller('things7')", "// things\n@Controller('things7')", round),
      body: (round) => {
        const text = readFileSync(controller, 'utf8').replace(
          /(list\([^)]*\)[^{]*\{\n\s*)return [^;]*;/,
          `$1return { items: [], total: ${round} };`,
        );
        writeFileSync(controller, text);
        return { path: '/api/things7', ok: (answer) => answer.text.includes(`"total":${round}`) };
      },
      signature: (round) => {
        toggle(controller, '@Query() limit?: number', '@Query() limit?: string', round);
        const typed = readFileSync(controller, 'utf8').includes('@Query() limit?: number');
        return { path: '/api/things7?limit=abc', ok: (answer) => answer.status === (typed ? 400 : 200) };
      },
    },
  };
}

const FASTIFY_APP = `import Fastify, { type FastifyRequest } from 'fastify';

interface Book {
  id: string;
  title: string;
}
const books: Book[] = [{ id: '1', title: 'Dune' }];

export function buildApp() {
  const app = Fastify();
  /** Lists books, optionally by author. */
  app.get('/api/books', async (request: FastifyRequest<{ Querystring: { author?: string } }>) =>
    books.filter((book) => !request.query.author || book.title === request.query.author),
  );
  app.get('/api/books/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const book = books.find((candidate) => candidate.id === request.params.id);
    if (!book) return reply.code(404).send({ detail: \`No book with id \${request.params.id}\` });
    return book;
  });
  app.get('/api/boot', async () => ({ pid: process.pid }));
  return app;
}
`;

const FASTIFY_MAIN = `import { buildApp } from './app.js';

await buildApp().listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

const FASTIFY_INJECT = `const started = performance.now();
const { buildApp } = await import('./app.js');
const app = buildApp();
const answer = await app.inject({ method: 'GET', url: '/api/books' });
console.log(JSON.stringify({ status: answer.statusCode, ms: performance.now() - started }));
await app.close();
`;

export function fastifyProject(root) {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fastify-dev', type: 'module' }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    outDir: 'dist',
    rootDir: 'src',
    types: [],
  };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(root, 'src', 'app.ts'), FASTIFY_APP);
  writeFileSync(join(root, 'src', 'main.ts'), FASTIFY_MAIN);
  writeFileSync(join(root, 'src', 'inject.ts'), FASTIFY_INJECT);
  symlinkSync(join(benchDir, 'node_modules'), join(root, 'node_modules'), 'dir');
  const app = join(root, 'src', 'app.ts');
  return {
    name: 'fastify',
    root,
    sources: [app],
    probe: '/api/books',
    edits: {
      comment: (round) => toggle(app, '/** Lists books,', '/** Lists the books,', round),
      body: (round) => {
        const text = readFileSync(app, 'utf8').replace(
          /No book with id \$\{request\.params\.id\}( v\d+)?`/,
          `No book with id \${request.params.id} v${round}\``,
        );
        writeFileSync(app, text);
        return { path: '/api/books/none', ok: (answer) => answer.text.includes(`v${round}`) };
      },
      signature: (round) => toggle(app, '{ author?: string }', "{ author?: 'Dune' }", round),
    },
  };
}
