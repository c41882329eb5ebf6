/**
 * Turns a project's TypeScript sources into JavaScript modules on disk for `createTestApp`,
 * so the tests need no TypeScript loader configured for the project (its own tsconfig decides
 * decorators and `paths`). Legacy decorators need no type information, so each file is
 * transpiled on its own; bare imports that the project's `paths` map to TypeScript sources
 * are rewritten to those files' URLs.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const IMPORT_SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\2/g;

function outputName(file: string): string {
  return file.replace(/\.(m|c)?tsx?$/, (_match, kind: string | undefined) => `.${kind ?? ''}js`);
}

/** A bare specifier the project resolves to a TypeScript source (through `paths`) → that file's URL. */
function rewriteSpecifiers(code: string, file: string, program: ts.Program): string {
  const options = program.getCompilerOptions();
  return code.replace(IMPORT_SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('file:'))
      return whole;
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts'))
      return whole;
    return `${lead}${quote}${pathToFileURL(resolved.resolvedFileName).href}${quote}`;
  });
}

/** Writes every project source file as JavaScript under a fresh temporary directory; returns it. */
export function transpileProject(root: string, program: ts.Program): string {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const options: ts.CompilerOptions = {
    ...program.getCompilerOptions(),
    module: ts.ModuleKind.ESNext,
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
    const target = join(outDir, outputName(rel));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, rewriteSpecifiers(output.outputText, source.fileName, program));
  }
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}\n');
  return outDir;
}

export { outputName };
