/**
 * Turns a model module path into something to import. Paths of a build's model are `.js` files
 * relative to it: imported as they are. Paths of the root model are TypeScript sources; which
 * file to import depends on how the process runs:
 *
 * - running compiled code (the main script is a `.js` file inside the project, as in
 *   `node dist/main.js`): the emitted JavaScript, found through the recorded rootDir/outDir, so
 *   every class comes from the same files the user's own imports loaded;
 * - otherwise the `.ts` source when the process can import TypeScript (tsx, vitest), and the
 *   emitted JavaScript when Node refuses the `.ts` file (it does so before evaluating anything).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SvcError } from '../errors/svc-error.js';
import { emittedCandidates, isTypeScriptModule, type CompileMapping } from './model-file.js';

export type Namespace = Record<string, unknown>;

/** What Node says when it will not load a `.ts` file itself (no TypeScript loader registered). */
const CANNOT_LOAD_TYPESCRIPT = new Set([
  'ERR_UNKNOWN_FILE_EXTENSION',
  'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
  'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING',
]);

export class ModuleLocator {
  /** Undecided until the first TypeScript module is imported (or the main script decides it). */
  private typescript: boolean | undefined;

  constructor(
    private readonly baseDir: string,
    private readonly compile: CompileMapping | undefined,
    mainScript: string | undefined = process.argv[1],
  ) {
    if (runsCompiledCode(baseDir, mainScript)) this.typescript = false;
  }

  async import(module: string): Promise<Namespace> {
    if (!isTypeScriptModule(module)) return importFile(resolve(this.baseDir, module));
    if (this.typescript !== false) {
      try {
        const namespace = await importFile(resolve(this.baseDir, module));
        this.typescript = true;
        return namespace;
      } catch (error) {
        if (this.typescript === true || !CANNOT_LOAD_TYPESCRIPT.has(errorCode(error))) throw error;
        this.typescript = false;
      }
    }
    return importFile(this.emittedFile(module));
  }

  /** The first emitted JavaScript file of a source module that exists. */
  private emittedFile(module: string): string {
    const candidates = emittedCandidates(module, this.compile).map((path) => resolve(this.baseDir, path));
    const found = candidates.find((path) => existsSync(path));
    if (found) return found;
    const tried = candidates.map((path) => relative(this.baseDir, path).split(sep).join('/')).join(' or ');
    throw new SvcError(
      'SVC_ERR_NOT_COMPILED',
      `cannot import ${module}: this process does not load TypeScript and there is no compiled ${tried}; ` +
        'compile first (tsc or `svc build`) or run under a TypeScript loader (node --import tsx)',
    );
  }
}

function importFile(file: string): Promise<Namespace> {
  return import(pathToFileURL(file).href) as Promise<Namespace>;
}

/** True when the main script is a JavaScript file of the project itself (not a tool in node_modules). */
function runsCompiledCode(root: string, mainScript: string | undefined): boolean {
  if (mainScript === undefined || !/\.[cm]?js$/.test(mainScript)) return false;
  const rel = relative(root, resolve(mainScript));
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return inside && !rel.split(sep).includes('node_modules');
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
