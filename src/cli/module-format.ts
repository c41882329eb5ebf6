/**
 * ESM or CommonJS. Node decides how to load a `.js` file from the nearest package.json "type";
 * TypeScript decided what it emitted from the tsconfig `module` setting (and, for node16/nodenext,
 * from the source's own package.json scope). When the two disagree for the output directory,
 * a small package.json there pins the format of the emitted code.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from '../analyzer/typescript.cjs';

export type ModuleFormat = 'module' | 'commonjs';

const MARKER = 'written by svc: pins the module format of the compiled code';

/** What TypeScript emits for `file` (only `.js`-named outputs matter: .mjs/.cjs carry their own format). */
export function emittedFormat(options: ts.CompilerOptions, file: ts.SourceFile): ModuleFormat | undefined {
  const kind = options.module ?? ts.ModuleKind.CommonJS;
  if (kind >= ts.ModuleKind.Node16 && kind <= ts.ModuleKind.NodeNext) {
    return file.impliedNodeFormat === ts.ModuleKind.ESNext ? 'module' : 'commonjs';
  }
  if (kind === ts.ModuleKind.CommonJS) return 'commonjs';
  if (kind >= ts.ModuleKind.ES2015) return 'module';
  return undefined;
}

/** The formats of the project files that compile to `.js` (not `.mjs` / `.cjs` / `.json`). */
export function projectFormats(
  options: ts.CompilerOptions,
  files: readonly ts.SourceFile[],
): Set<ModuleFormat> {
  const formats = new Set<ModuleFormat>();
  for (const file of files) {
    if (!/\.(tsx?|jsx?)$/.test(file.fileName) || /\.d\.ts$/.test(file.fileName)) continue;
    const format = emittedFormat(options, file);
    if (format) formats.add(format);
  }
  return formats;
}

/** The "type" Node applies to `.js` files in `dir`, from the nearest package.json above it. */
export function scopeFormat(dir: string): ModuleFormat {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { type?: string; '//'?: string };
      if (pkg['//'] !== MARKER) return pkg.type === 'module' ? 'module' : 'commonjs';
    }
    if (dirname(current) === current) return 'commonjs';
  }
}

/**
 * Writes (or removes) `<outDir>/package.json` so Node loads the emitted `.js` files in the format
 * TypeScript gave them. A package.json the user wrote there is left alone.
 */
export function pinModuleFormat(outDir: string, formats: ReadonlySet<ModuleFormat>): void {
  const file = join(outDir, 'package.json');
  const ours = !existsSync(file) || readFileSync(file, 'utf8').includes(MARKER);
  if (!ours) return;
  const [format] = formats;
  if (formats.size !== 1 || format === undefined || format === scopeFormat(outDir)) {
    rmSync(file, { force: true });
    return;
  }
  writeFileSync(file, JSON.stringify({ '//': MARKER, type: format }, null, 2) + '\n');
}
