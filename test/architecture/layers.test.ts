/**
 * Layers point one way (docs/architecture.md): the folder graph of src/ has no forbidden edge
 * and no cycle, and both checks that guard it fail on a violation — the script CI runs
 * (scripts/import-graph.mjs) and the lint rule (eslint.config.js).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(root, 'scripts', 'import-graph.mjs');

interface GraphRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function runGraph(...args: string[]): Promise<GraphRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `from -> to` of each printed `from -> to count` line. */
function edgesOf(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.includes(' -> '))
    .map((line) => line.replace(/ \d+$/, ''));
}

describe('the folder graph of src/', () => {
  it('has only allowed edges and no cycle (exit 0)', async () => {
    const run = await runGraph();
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });

  it('gives runtime, analyzer, openapi and client-gen exactly one dependency, model, and model none', async () => {
    const layered = new Set(['model', 'runtime', 'analyzer', 'openapi', 'client-gen']);
    const edges = edgesOf((await runGraph()).stdout).filter((edge) => layered.has(edge.split(' -> ')[0]!));
    assert.deepEqual(edges, [
      'analyzer -> model',
      'client-gen -> model',
      'openapi -> model',
      'runtime -> model',
    ]);
  });

  it('allows exactly these folder edges', async () => {
    const run = await runGraph('--allowed');
    const allowed = run.stdout.trim().split('\n');
    const folders = [
      '(root)',
      'analyzer',
      'cli',
      'client-gen',
      'entries',
      'model',
      'openapi',
      'runtime',
      'testing',
    ];
    const everywhereFrom = (from: string) =>
      folders.filter((to) => to !== from).map((to) => `${from} -> ${to}`);
    assert.deepEqual(
      allowed,
      [
        ...everywhereFrom('(root)'),
        'analyzer -> model',
        'client-gen -> model',
        ...everywhereFrom('cli'),
        ...everywhereFrom('entries'),
        'openapi -> model',
        'runtime -> model',
        ...everywhereFrom('testing'),
      ].sort(),
    );
  });
});

describe('scripts/import-graph.mjs on a tree that breaks the layers', () => {
  const tree = mkdtempSync(join(tmpdir(), 'svc-layers-'));
  after(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  write('model/a.ts', 'export const a = 1;\n');
  write('runtime/r.ts', "import { n } from '../analyzer/n.js';\nexport const r = n;\n");
  write(
    'analyzer/n.ts',
    "import { r } from '../runtime/r.js';\nimport { a } from '../model/a.js';\nexport const n = r + a;\n",
  );
  write('cli/main.ts', "import { r } from '../runtime/r.js';\nconsole.log(r);\n");

  it('exits 1 and names each forbidden import and the cycle', async () => {
    const run = await runGraph('--root', tree);
    assert.equal(run.code, 1);
    assert.deepEqual(edgesOf(run.stdout), [
      'analyzer -> model',
      'analyzer -> runtime',
      'cli -> runtime',
      'runtime -> analyzer',
    ]);
    assert.deepEqual(run.stderr.trim().split('\n').sort(), [
      'cycle: analyzer -> runtime -> analyzer',
      'forbidden: analyzer -> runtime (analyzer/n.ts imports runtime/r.js)',
      'forbidden: runtime -> analyzer (runtime/r.ts imports analyzer/n.js)',
    ]);
  });
});

describe('the lint rule (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: root });
  const messagesFor = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return result!.messages.map((message) => `${message.line} ${message.ruleId}: ${message.message}`);
  };

  it('rejects an openapi import of the runtime, naming the rule', async () => {
    const messages = await messagesFor(
      'src/openapi/layer-probe.ts',
      "import { joinRoutePath } from '../model/route-paths.js';\nimport { x } from '../runtime/results.js';\nexport const y = [x, joinRoutePath];\n",
    );
    assert.deepEqual(messages, [
      "2 no-restricted-imports: '../runtime/results.js' import is restricted from being used by a pattern. src/openapi may import only its own folder and src/model (docs/architecture.md).",
    ]);
  });

  it('rejects typescript and the analyzer in the runtime, and anything outside model in model', async () => {
    const runtime = await messagesFor(
      'src/runtime/app/layer-probe.ts',
      "import ts from 'typescript';\nimport { a } from '../../analyzer/index.js';\nimport { e } from '../errors/problem.js';\nexport const y = [ts, a, e];\n",
    );
    assert.deepEqual(runtime, [
      `1 @typescript-eslint/no-restricted-imports: ${TAKE_THE_SHIM}`,
      "1 no-restricted-imports: 'typescript' import is restricted from being used. Only the analyzer, the CLI and svcjs/testing load the TypeScript compiler.",
      "2 no-restricted-imports: '../../analyzer/index.js' import is restricted from being used by a pattern. src/runtime may import only its own folder and src/model (docs/architecture.md).",
    ]);
    const model = await messagesFor(
      'src/model/layer-probe.ts',
      "import { a } from '../openapi/types.js';\nimport { b } from './app-model.js';\nexport const y = [a, b];\n",
    );
    assert.deepEqual(model, [
      "1 no-restricted-imports: '../openapi/types.js' import is restricted from being used by a pattern. src/model may import nothing outside its own folder (docs/architecture.md).",
    ]);
  });

  it('keeps the client generator to the model (it reads the app model only)', async () => {
    const messages = await messagesFor(
      'src/client-gen/layer-probe.ts',
      "import { a } from '../model/app-model.js';\nimport { o } from '../openapi/write.js';\nexport const y = [a, o];\n",
    );
    assert.deepEqual(messages, [
      "2 no-restricted-imports: '../openapi/write.js' import is restricted from being used by a pattern. src/client-gen may import only its own folder and src/model (docs/architecture.md).",
    ]);
  });

  it('lets the CLI import every folder', async () => {
    const messages = await messagesFor(
      'src/cli/layer-probe.ts',
      "import ts from '../analyzer/typescript.cjs';\nimport { a } from '../analyzer/index.js';\nimport { o } from '../openapi/write.js';\nexport const y = [ts, a, o];\n",
    );
    assert.deepEqual(messages, []);
  });

  it('has every folder take the compiler from src/analyzer/typescript.cjs; type imports stay free', async () => {
    const messages = await messagesFor(
      'src/analyzer/layer-probe.ts',
      "import ts from 'typescript';\nimport type { Node } from 'typescript';\nexport const y: Node | typeof ts | undefined = undefined;\n",
    );
    assert.deepEqual(messages, [`1 @typescript-eslint/no-restricted-imports: ${TAKE_THE_SHIM}`]);
  });
});

const TAKE_THE_SHIM =
  "'typescript' import is restricted from being used. Take the compiler from src/analyzer/typescript.cjs: it loads it with require, ~320 ms faster than an ES import.";
