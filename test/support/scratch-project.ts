/**
 * The tsconfig.json of a scratch project that tests write to analyze (never to compile): strict,
 * decorators on, and `svcjs` resolved to this repository's sources, so the analyzer reads the
 * decorators being tested rather than a built copy.
 */
import { fileURLToPath } from 'node:url';

const svcEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

export const ANALYSIS_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  experimentalDecorators: true,
  skipLibCheck: true,
  noEmit: true,
  paths: { svcjs: [svcEntry] },
};

export const ANALYSIS_TSCONFIG = JSON.stringify({
  compilerOptions: ANALYSIS_COMPILER_OPTIONS,
  include: ['src'],
});
