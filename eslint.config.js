import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
