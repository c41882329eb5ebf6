// The one table of layers (docs/architecture.md): for each top-level folder of src/, the folders
// it may import from besides its own. eslint.config.js enforces it file by file and
// scripts/import-graph.mjs on the folder graph; both read it from here.

/** Files directly in src/ (the `svcjs` entry) belong to this pseudo-folder. */
export const ROOT_FOLDER = '(root)';

/** Stands for "every folder". */
export const EVERYTHING = '*';

export const ALLOWED_IMPORTS = {
  model: [],
  runtime: ['model'],
  analyzer: ['model'],
  openapi: ['model'],
  'client-gen': ['model'],
  cli: [EVERYTHING],
  testing: [EVERYTHING],
  entries: [EVERYTHING],
  [ROOT_FOLDER]: [EVERYTHING],
};

/** The folders of src/ (the root pseudo-folder aside). */
export const SOURCE_FOLDERS = Object.keys(ALLOWED_IMPORTS).filter((folder) => folder !== ROOT_FOLDER);
