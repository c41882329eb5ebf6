/**
 * Turns a project's TypeScript sources into JavaScript modules on disk for `createTestApp`,
 * so the tests need no TypeScript loader configured for the project (its own tsconfig decides
 * decorators and `paths`). Legacy decorators need no type information, so each file is
 * transpiled on its own.
 *
 * The output goes under `<root>/.svc/test/` as `.mjs` files (`.cjs` when svc itself was loaded as
 * CommonJS: see module-world.ts), with no package.json of its own:
 * bare imports (`svc`, the project's dependencies) then resolve exactly as they do from the
 * sources, through the project's node_modules or a package self-reference. Relative imports of
 * project sources are rewritten to the output names; bare imports that the project's `paths`
 * map to TypeScript sources become those files' URLs (their paths for `require`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from '../analyzer/typescript.cjs';
import type { ModuleWorld } from './module-world.js';
import { makeScratchDir } from './scratch-dirs.js';
import { outputName } from './output-name.js';

const IMPORT_SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"]+)\2/g;

/** Rewrites what would not resolve from the output directory the way it does from the sources. */
function rewriteSpecifiers(
  code: string,
  file: string,
  root: string,
  program: ts.Program,
  world: ModuleWorld,
): string {
  const options = program.getCompilerOptions();
  return code.replace(IMPORT_SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    if (specifier.startsWith('node:') || specifier.startsWith('file:')) return whole;
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts'))
      return whole;
    const target = relative(root, resolved.resolvedFileName);
    if (specifier.startsWith('.') && !target.startsWith('..')) {
      const fromDir = dirname(relative(root, file));
      const path = relative(fromDir, outputName(target, world)).split(sep).join('/');
      return `${lead}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    }
    if (specifier.startsWith('.')) return whole;
    const absolute =
      world === 'cjs' ? resolved.resolvedFileName : pathToFileURL(resolved.resolvedFileName).href;
    return `${lead}${quote}${absolute}${quote}`;
  });
}

/** Writes every project source file as JavaScript under a fresh `<root>/.svc/test/` directory; returns it. */
export function transpileProject(root: string, program: ts.Program, world: ModuleWorld): string {
  const outDir = makeScratchDir(root);
  const options: ts.CompilerOptions = {
    ...program.getCompilerOptions(),
    module: world === 'cjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    experimentalDecorators: true,
    noEmit: false,
    sourceMap: false,
    declaration: false,
  };
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue;
    const rel = relative(root, source.fileName);
    if (rel.startsWith('..')) continue;
    const output = ts.transpileModule(source.text, { compilerOptions: options, fileName: source.fileName });
    const target = join(outDir, outputName(rel, world));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, rewriteSpecifiers(output.outputText, source.fileName, root, program, world));
  }
  return outDir;
}

export { outputName };
