// Prints which top-level folders of src/ import which (`from -> to count`), and exits non-zero
// when an import crosses a layer the wrong way or the folders import each other in a cycle.
// The layers are drawn in docs/architecture.md and tabled in scripts/layers.mjs; eslint.config.js
// enforces the same table file by file. Usage: node scripts/import-graph.mjs [--verbose] [--root <dir>]; `--allowed` prints
// every edge the layers allow instead.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALLOWED_IMPORTS, EVERYTHING, ROOT_FOLDER } from './layers.mjs';

export { ALLOWED_IMPORTS, ROOT_FOLDER };

// `from '…'`, `import '…'` and `import('…')`, relative specifiers only (packages are not layers).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(m|c)?ts$/.test(entry.name) ? [path] : [];
  });
}

function folderOf(root, path) {
  const parts = relative(root, path).split(sep);
  return parts.length > 1 ? parts[0] : ROOT_FOLDER;
}

/** Every import that leaves its folder: `{ from, to, file, target }`, paths relative to root. */
export function crossFolderImports(root) {
  const imports = [];
  for (const file of sourceFiles(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1]);
      const from = folderOf(root, file);
      const to = folderOf(root, target);
      if (from !== to) imports.push({ from, to, file: relative(root, file), target: relative(root, target) });
    }
  }
  return imports;
}

export function isAllowed(from, to) {
  const allowed = ALLOWED_IMPORTS[from];
  if (!allowed) return false; // a new folder has no layer yet: docs/architecture.md must place it
  return allowed.includes(EVERYTHING) || allowed.includes(to);
}

/** The folder edges, `from -> to`, sorted. */
export function folderEdges(imports) {
  return [...new Set(imports.map(({ from, to }) => `${from} -> ${to}`))].sort();
}

/** Each cycle between folders once, as the list of folders along it (`['a', 'b', 'a']`). */
export function folderCycles(imports) {
  const next = new Map();
  for (const { from, to } of imports) next.set(from, new Set([...(next.get(from) ?? []), to]));
  const cycles = new Map();
  const visit = (folder, trail) => {
    const start = trail.indexOf(folder);
    if (start !== -1) {
      const loop = trail.slice(start);
      const key = [...loop].sort().join(',');
      if (!cycles.has(key)) cycles.set(key, [...loop, folder]);
      return;
    }
    for (const target of next.get(folder) ?? []) visit(target, [...trail, folder]);
  };
  for (const folder of [...next.keys()].sort()) visit(folder, []);
  return [...cycles.values()];
}

/** Every edge the layers allow between the folders they name, `from -> to`, sorted. */
export function allowedEdges() {
  const folders = Object.keys(ALLOWED_IMPORTS);
  return folders
    .flatMap((from) =>
      folders.filter((to) => to !== from && isAllowed(from, to)).map((to) => `${from} -> ${to}`),
    )
    .sort();
}

function main(argv) {
  if (argv.includes('--allowed')) {
    for (const edge of allowedEdges()) console.log(edge);
    return 0;
  }
  const verbose = argv.includes('--verbose');
  const rootIndex = argv.indexOf('--root');
  const root = resolve(rootIndex === -1 ? 'src' : argv[rootIndex + 1]);
  const imports = crossFolderImports(root);
  for (const edge of folderEdges(imports)) {
    const members = imports.filter(({ from, to }) => `${from} -> ${to}` === edge);
    console.log(`${edge} ${members.length}`);
    if (verbose) for (const { file, target } of members) console.log(`    ${file} : ${target}`);
  }
  const forbidden = imports.filter(({ from, to }) => !isAllowed(from, to));
  for (const { from, to, file, target } of forbidden) {
    console.error(`forbidden: ${from} -> ${to} (${file} imports ${target})`);
  }
  const cycles = folderCycles(imports);
  for (const cycle of cycles) console.error(`cycle: ${cycle.join(' -> ')}`);
  return forbidden.length === 0 && cycles.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
