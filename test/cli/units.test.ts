/** The CLI's pure parts, in-process: argument parsing, the route table, output paths. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandLine } from '../../src/cli/args.js';
import { CliError } from '../../src/cli/cli-error.js';
import { emittedName, redirectOutput, rewriteSourceMap } from '../../src/cli/emit-paths.js';
import { emittedModel } from '../../src/cli/app-model-file.js';
import { formatRouteTable } from '../../src/cli/route-table.js';
import type { AppModel } from '../../src/model/app-model.js';

describe('parseCommandLine', () => {
  it('reads a command with its options, the root resolved against the working directory', () => {
    const parsed = parseCommandLine(
      ['start', '--root', 'app', '--host', '0.0.0.0', '--port', '3000', '-w', '4'],
      '/x',
    );
    assert.deepEqual(parsed, {
      kind: 'run',
      command: 'start',
      options: { root: '/x/app', host: '0.0.0.0', port: 3000, workers: 4 },
    });
  });

  it('defaults: the working directory, one worker, no host or port', () => {
    assert.deepEqual(parseCommandLine(['dev'], '/x'), {
      kind: 'run',
      command: 'dev',
      options: { root: '/x', workers: 1 },
    });
  });

  it('--help, no command and --version', () => {
    assert.deepEqual(parseCommandLine(['--help']), { kind: 'help' });
    assert.deepEqual(parseCommandLine([]), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['build', '-v']), { kind: 'version' });
  });

  for (const argv of [
    ['serve'],
    ['dev', 'extra'],
    ['dev', '--port', 'http'],
    ['dev', '--port', '70000'],
    ['start', '-w', '0'],
  ]) {
    it(`rejects ${argv.join(' ')} with a usage error (exit 2)`, () => {
      assert.throws(
        () => parseCommandLine(argv),
        (error: unknown) => error instanceof CliError && error.exitCode === 2,
      );
    });
  }
});

describe('formatRouteTable', () => {
  it('aligns method, path and handler, marking streams', () => {
    const table = formatRouteTable([
      { method: 'GET', path: '/api/books', kind: 'http', handler: 'BooksController.list' },
      { method: 'GET', path: '/api/events', kind: 'sse', handler: 'Events.stream' },
      { method: 'DELETE', path: '/api/books/:id', kind: 'http', handler: 'BooksController.remove' },
    ]);
    assert.equal(
      table,
      [
        '  METHOD     PATH            HANDLER',
        '  GET        /api/books      BooksController.list',
        '  GET (sse)  /api/events     Events.stream',
        '  DELETE     /api/books/:id  BooksController.remove',
        '',
      ].join('\n'),
    );
  });
});

describe('output paths', () => {
  it('maps source extensions to emitted ones', () => {
    assert.equal(emittedName('src/a.ts'), 'src/a.js');
    assert.equal(emittedName('src/a.mts'), 'src/a.mjs');
    assert.equal(emittedName('src/a.cts'), 'src/a.cjs');
    assert.equal(emittedName('src/data.json'), 'src/data.json');
  });

  it('redirects an output TypeScript computed into our directory, keeping the suffix', () => {
    assert.equal(
      redirectOutput('/p/whatever/x/a.js.map', '/p/src/x/a.ts', '/p/src', '/p/dist'),
      '/p/dist/x/a.js.map',
    );
    assert.equal(
      redirectOutput('/p/src/a.d.ts', '/p/src/a.ts', '/p', '/p/.svc/dev'),
      '/p/.svc/dev/src/a.d.ts',
    );
  });

  it('points a moved source map back at its source', () => {
    const map = rewriteSourceMap(
      '{"version":3,"sources":["a.ts"],"sourceRoot":"x","mappings":""}',
      '/p/.svc/dev/src/a.js.map',
      '/p/src/a.ts',
    );
    assert.deepEqual(JSON.parse(map), { version: 3, sources: ['../../../src/a.ts'], mappings: '' });
  });
});

describe('emittedModel', () => {
  it('rewrites every module path of the model', () => {
    const dependency = {
      name: 'store',
      index: 0,
      typeName: 'Store',
      module: 'src/store.ts',
      exportName: 'Store',
    };
    const model = {
      modules: ['src/a.ts', 'src/store.ts', 'src/app.ts'],
      controllers: [
        { module: 'src/a.ts', dependencies: [dependency, { name: 'x', index: 1, typeName: 'X' }] },
      ],
      components: [
        {
          module: 'src/a.ts',
          dependencies: [dependency],
          methods: [
            { name: 'mine', catchesClass: { from: 'project', module: 'src/errors.ts', exportName: 'Oops' } },
            { name: 'builtIn', catchesClass: { from: 'global', name: 'TypeError' } },
          ],
        },
      ],
      app: { module: 'src/app.ts', providers: [{ module: 'src/store.ts', exportName: 'Store' }] },
    } as unknown as AppModel;
    const mapped = emittedModel(model, (module) => module.replace(/^src\//, '').replace(/\.ts$/, '.js'));
    assert.deepEqual(mapped.modules, ['a.js', 'store.js', 'app.js']);
    assert.equal(mapped.controllers[0]!.module, 'a.js');
    assert.equal(mapped.controllers[0]!.dependencies[0]!.module, 'store.js');
    assert.equal(mapped.controllers[0]!.dependencies[1]!.module, undefined);
    assert.equal(mapped.components[0]!.dependencies[0]!.module, 'store.js');
    assert.equal(mapped.app!.module, 'app.js');
    assert.deepEqual(mapped.app!.providers, [{ module: 'store.js', exportName: 'Store' }]);
    assert.deepEqual(
      mapped.components[0]!.methods.map((method) => method.catchesClass),
      [
        { from: 'project', module: 'errors.js', exportName: 'Oops' },
        { from: 'global', name: 'TypeError' },
      ],
    );
  });
});
