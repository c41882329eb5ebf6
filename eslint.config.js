import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { ALLOWED_IMPORTS, EVERYTHING, SOURCE_FOLDERS } from './scripts/layers.mjs';

// Layers point one way (docs/architecture.md; the table is scripts/layers.mjs): runtime, analyzer,
// openapi and client-gen import only from model and their own folder, model from nothing outside
// itself. scripts/import-graph.mjs checks the same table on the folder graph (and finds cycles);
// test/architecture/layers.test.ts runs both.
// The folders that import only some others: the rest may import every folder.
const LAYERS = Object.fromEntries(
  Object.entries(ALLOWED_IMPORTS).filter(
    ([folder, allowed]) => SOURCE_FOLDERS.includes(folder) && !allowed.includes(EVERYTHING),
  ),
);

function layerRule(folder, allowed) {
  const forbidden = SOURCE_FOLDERS.filter((other) => other !== folder && !allowed.includes(other));
  const reach =
    allowed.length > 0
      ? `only its own folder and ${allowed.map((name) => `src/${name}`).join(', ')}`
      : 'nothing outside its own folder';
  return {
    files: [`src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths:
            folder === 'analyzer'
              ? []
              : [
                  {
                    name: 'typescript',
                    message: 'Only the analyzer, the CLI and svcjs/testing load the TypeScript compiler.',
                  },
                ],
          patterns: [
            {
              group: forbidden.flatMap((other) => [`**/${other}/**`, `**/${other}`]),
              message: `src/${folder} may import ${reach} (docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'dist-check/**',
      '**/node_modules/**',
      '**/.svc/**',
      'bench/build/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // Fixtures mirror user code as docs/ show it: controllers registered by their
    // decorators alone (never referenced), parameters a route declares but does not read.
    files: ['test/fixtures/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typescript',
              allowTypeImports: true,
              message:
                'Take the compiler from src/analyzer/typescript.cjs: it loads it with require, ~320 ms faster than an ES import.',
            },
          ],
        },
      ],
    },
  },
  ...Object.entries(LAYERS).map(([folder, allowed]) => layerRule(folder, allowed)),
);
