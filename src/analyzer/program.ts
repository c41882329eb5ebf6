/**
 * Loads the project's tsconfig.json and builds the TypeScript program. Source files are cached
 * by content across runs, so an incremental run (`svc dev`) re-parses only the files that changed,
 * and a builder program re-checks only the files a change affects.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from './typescript.cjs';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { relativeFile } from './context.js';

export interface LoadedProgram {
  program: ts.Program | undefined;
  diagnostics: AnalyzerDiagnostic[];
}

/**
 * The builder behind each program we made: it remembers which files a change affects, so an
 * incremental run re-checks only those (`svc dev` passes the last program back as `oldProgram`).
 */
const builders = new WeakMap<ts.Program, ts.SemanticDiagnosticsBuilderProgram>();
/** The builder program behind a program made by `loadProgram`. */
export function builderOf(program: ts.Program): ts.SemanticDiagnosticsBuilderProgram | undefined {
  return builders.get(program);
}

let parseCount = 0;

interface CachedSource {
  text: string;
  languageVersion: string;
  sourceFile: ts.SourceFile;
  /** The file's stat when it was last read (see fileStamp). */
  stamp: string | undefined;
}

const sourceCache = new Map<string, CachedSource>();

export function loadProgram(
  root: string,
  tsconfig: string | undefined,
  oldProgram?: ts.Program,
  sourceMaps = false,
): LoadedProgram {
  const configPath = path.resolve(root, tsconfig ?? 'tsconfig.json');
  if (!fs.existsSync(configPath)) {
    return {
      program: undefined,
      diagnostics: [tsconfigMissing(root, configPath)],
    };
  }
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) {
    return {
      program: undefined,
      diagnostics: [fromTsDiagnostic(root, read.error)],
    };
  }
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    path.dirname(configPath),
    undefined,
    configPath,
  );
  const diagnostics = parsed.errors.map((error) => fromTsDiagnostic(root, error));
  if (!parsed.options.experimentalDecorators) diagnostics.push(decoratorsDisabled(root, configPath));
  if (diagnostics.length > 0) return { program: undefined, diagnostics };
  const options = sourceMaps ? withSourceMaps(parsed.options) : parsed.options;
  const builder = ts.createSemanticDiagnosticsBuilderProgram(
    parsed.fileNames,
    options,
    cachingHost(options),
    oldProgram && builders.get(oldProgram),
    undefined,
    parsed.projectReferences,
  );
  const program = builder.getProgram();
  builders.set(program, builder);
  return { program, diagnostics };
}

/** Separate `.map` files unless the project already asks for maps (inline ones included). */
function withSourceMaps(options: ts.CompilerOptions): ts.CompilerOptions {
  if (options.sourceMap || options.inlineSourceMap) return options;
  return { ...options, sourceMap: true };
}

/**
 * A compiler host that hands back the same SourceFile object while a file is unchanged. A file
 * whose size, inode and nanosecond mtime are those of the cached parse is not even read: an edit
 * would otherwise re-read every file of the program (lib and @types/node declarations are
 * megabytes), which was most of an incremental run.
 */
function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  const withoutDocs = undocumentedFiles(options);
  host.getSourceFile = (fileName, fileOptions, onError, shouldCreate) => {
    const languageVersion = withoutDocs(fileName) ? skippingJsDoc(fileOptions) : fileOptions;
    const version = parseOptionsKey(languageVersion);
    const cached = sourceCache.get(fileName);
    const stamp = fileStamp(fileName);
    const current = cached?.languageVersion === version ? cached : undefined;
    if (current && stamp !== undefined && current.stamp === stamp) return current.sourceFile;
    const text = host.readFile(fileName);
    if (text === undefined) return original(fileName, languageVersion, onError, shouldCreate);
    if (current && current.text === text) {
      current.stamp = stamp;
      return current.sourceFile;
    }
    const sourceFile = ts.createSourceFile(fileName, text, languageVersion);
    // The builder program tells changed files by version; a new parse is a new version.
    (sourceFile as ts.SourceFile & { version: string }).version = String(++parseCount);
    sourceCache.set(fileName, { text, languageVersion: version, sourceFile, stamp });
    return sourceFile;
  };
  return host;
}

/**
 * What of the options a file is parsed with changes the parse. Not the whole options object:
 * TypeScript hands over its package.json cache entry with it (`packageJsonScope`), which gains
 * fields as later lookups fill it in, so its text after the first program differs from the cold
 * one's: every file of a package (all of `@types/node`) was parsed again on the first edit, and,
 * those being global declarations, every project file re-checked (seconds on 300x10).
 */
function parseOptionsKey(fileOptions: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  if (typeof fileOptions !== 'object') return String(fileOptions);
  const { languageVersion, impliedNodeFormat, jsDocParsingMode } = fileOptions;
  return `${languageVersion}:${impliedNodeFormat ?? ''}:${jsDocParsingMode ?? ''}`;
}

/**
 * The files whose JSDoc the analyzer never reads: TypeScript's own library and Node's types.
 * Their types reach the document as built-in formats (`Date`, `Buffer`, `URL`) or not at all,
 * and their doc comments are a large part of what the parser reads (skipping them takes ~0.1 s
 * off a cold `svc dev` on the example). JSDoc of the project and of other packages is read.
 */
function undocumentedFiles(options: ts.CompilerOptions): (fileName: string) => boolean {
  const libDir = `${path.dirname(ts.getDefaultLibFilePath(options))}/`;
  return (fileName) => fileName.startsWith(libDir) || fileName.includes('/node_modules/@types/node/');
}

function skippingJsDoc(
  fileOptions: ts.ScriptTarget | ts.CreateSourceFileOptions,
): ts.ScriptTarget | ts.CreateSourceFileOptions {
  const base = typeof fileOptions === 'object' ? fileOptions : { languageVersion: fileOptions };
  return { ...base, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
}

/**
 * Makes the next program parse `fileName` again even if it did not change: to the builder it is
 * then a changed file, as after an edit (`svc dev` rehearses its edit path this way).
 */
export function forgetParse(fileName: string): void {
  sourceCache.delete(fileName);
}

/** `size:inode:mtimeNs`, or undefined when the file cannot be stat'ed. */
function fileStamp(fileName: string): string | undefined {
  try {
    const stat = fs.statSync(fileName, { bigint: true });
    return `${stat.size}:${stat.ino}:${stat.mtimeNs}`;
  } catch {
    return undefined;
  }
}

function tsconfigMissing(root: string, configPath: string): AnalyzerDiagnostic {
  return {
    severity: 'error',
    code: 'SVC_ERR_TSCONFIG_MISSING',
    message: `no tsconfig.json at ${relativeFile(root, configPath) || configPath}; svc reads the project's files and compiler options from it`,
  };
}

function decoratorsDisabled(root: string, configPath: string): AnalyzerDiagnostic {
  const text = fs.readFileSync(configPath, 'utf8');
  const index = text.indexOf('"experimentalDecorators"');
  const line = index < 0 ? 1 : text.slice(0, index).split('\n').length;
  return {
    severity: 'error',
    code: 'SVC_ERR_DECORATORS_DISABLED',
    message:
      'set "experimentalDecorators": true in compilerOptions; svc uses parameter decorators, which only legacy decorators have',
    file: relativeFile(root, configPath),
    line,
  };
}

/** A TypeScript diagnostic → SVC_ERR_TYPE_CHECK with file:line relative to the root. */
export function fromTsDiagnostic(root: string, diagnostic: ts.Diagnostic): AnalyzerDiagnostic {
  const result: AnalyzerDiagnostic = {
    severity: 'error',
    code: 'SVC_ERR_TYPE_CHECK',
    message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
  };
  if (diagnostic.file) {
    result.file = relativeFile(root, diagnostic.file.fileName);
    result.line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
  }
  return result;
}
