/**
 * The docs' TypeScript snippets as files of a project that type-checks them against this
 * repository's svc: every ```ts (or ```typescript) fence of a page is one file, written into a
 * temporary project whose tsconfig resolves `svcjs`, `svcjs/testing` and `svcjs/openapi` to src/,
 * one folder per page (so a page's snippets can import each other), compiled as one program.
 *
 * A page says how to read a snippet in HTML comments on the lines right before its fence (blank
 * lines may come between), one word each:
 *   <!-- compile: name.ts -->        the file's name (else snippet-<n>.ts), for another snippet to import
 *   <!-- compile: members -->        class members without their class: checked inside `class Members`
 *                                    (a page's prelude may give `interface Members` what `this` holds)
 *   <!-- compile: expect-error TS2322 -->  the snippet shows a compile error on purpose: exactly these codes
 *   <!-- compile: skip <reason> -->  not svc code (another framework's, for comparison): not compiled
 * Without a marker:
 *   - `{ ... }` as a body is left out on purpose: checked as a function body that throws, or as
 *     an empty class body after `class Name`.
 *   - A snippet that imports nothing from `svcjs` (or from `svcjs/testing`) gets the names of that
 *     module it uses imported; one that imports from it must import every name it uses, as a
 *     reader copying it needs.
 *   - Names a snippet uses but neither declares nor imports come from its page's prelude (prelude.ts):
 *     what an app declares elsewhere. A first line `// Assumed: <declarations>` adds its own.
 * Everything added goes after the snippet's own text, so an error's line is the snippet's line.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from '../../src/analyzer/typescript.cjs';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Snippet {
  /** The page, relative to the repository: `docs/streams.md`. */
  doc: string;
  /** The 1-based line of the snippet's first code line on its page. */
  line: number;
  /** Its path under the project's src/: `<page folder>/<name>`. */
  file: string;
  code: string;
  /** Named by a `<!-- compile: name.ts -->` marker. */
  named: boolean;
  members: boolean;
  /** The error codes it must give (`TS2322`); empty: it must compile. */
  expectErrors: string[];
  /** Why it is not compiled, when it is not. */
  skip: string | undefined;
}

/** ```ts or ```typescript, with or without words after it (```ts title="a.ts"), indented or not. */
const FENCE = /^( *)```(?:ts|typescript)(?:\s.*)?$/;
const MARKER = /^ *<!-- compile: (.*) -->$/;

/** The folder of a page's snippets in the project: `docs/streams.md` → `streams`. */
export function pageFolder(doc: string): string {
  return basename(doc, '.md').toLowerCase();
}

/** Every ```ts fence of a page, with what its markers say. */
export function pageSnippets(doc: string, text = readFileSync(join(REPO, doc), 'utf8')): Snippet[] {
  const lines = text.split('\n');
  const snippets: Snippet[] = [];
  const attached = new Set<number>();
  lines.forEach((line, index) => {
    const indent = FENCE.exec(line)?.[1];
    if (indent === undefined) return;
    const end = lines.findIndex((each, after) => after > index && each === `${indent}\`\`\``);
    assert.notEqual(end, -1, `${doc}:${index + 1}: unclosed fence`);
    const markers = markersBefore(lines, index);
    for (const marker of markers) attached.add(marker.index);
    const code = lines
      .slice(index + 1, end)
      .map((each) => each.slice(indent.length))
      .join('\n');
    const words = markers.map((marker) => marker.word);
    snippets.push(readMarkers(words, { doc, line: index + 2, code, number: snippets.length + 1 }));
  });
  const stray = lines.findIndex((line, index) => MARKER.test(line) && !attached.has(index));
  assert.equal(stray, -1, `${doc}:${stray + 1}: a compile marker must precede a fence`);
  return snippets;
}

/** The markers on the lines before the fence at `fence` (0-based lines), nearest last. */
function markersBefore(lines: string[], fence: number): { word: string; index: number }[] {
  const markers: { word: string; index: number }[] = [];
  for (let index = fence - 1; index >= 0; index--) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const word = MARKER.exec(line)?.[1];
    if (word === undefined) break;
    markers.unshift({ word: word.trim(), index });
  }
  return markers;
}

function readMarkers(
  words: string[],
  where: { doc: string; line: number; code: string; number: number },
): Snippet {
  const { doc, line, code, number } = where;
  const snippet: Snippet = {
    doc,
    line,
    file: `${pageFolder(doc)}/snippet-${number}.ts`,
    code,
    named: false,
    members: false,
    expectErrors: [],
    skip: undefined,
  };
  for (const word of words) {
    if (/^[\w.-]+\.ts$/.test(word))
      Object.assign(snippet, { file: `${pageFolder(doc)}/${word}`, named: true });
    else if (word === 'members') snippet.members = true;
    else if (/^expect-error( TS\d+)+$/.test(word)) snippet.expectErrors = word.split(' ').slice(1).sort();
    else if (/^skip \S/.test(word)) snippet.skip = word.slice('skip '.length);
    else assert.fail(`${doc}:${line - 1}: unknown compile marker '${word}' before this fence`);
  }
  return snippet;
}

/** What a snippet's text may lean on besides its own declarations. */
export interface SnippetContext {
  /** Name → the declaration a page's prelude gives it (see prelude.ts). */
  prelude: Readonly<Record<string, string>>;
  /** Each name svc exports → the module exporting it (`svcjs`, `svcjs/testing`). */
  exports: ReadonlyMap<string, string>;
}

/**
 * The file a snippet becomes: its code (members inside their class, `{ ... }` bodies filled), then
 * its `// Assumed:` declarations, the prelude declarations and the svc imports it needs. The
 * analyzer only describes exported types, so `exported` exports the assumed declarations.
 */
export function snippetSource(snippet: Snippet, context: SnippetContext, exported = false): string {
  const assumedText = /^\/\/ Assumed: (.*)$/.exec(snippet.code.split('\n')[0] ?? '')?.[1];
  const assumed = assumedText === undefined ? '' : `${exported ? 'export ' : ''}${assumedText}`;
  const filled = snippet.code
    .replace(/(\bclass \w+[^{\n]*)\{ \.\.\. \}/g, '$1{}')
    .replaceAll('{ ... }', '{ throw new Error(); }');
  const body = snippet.members ? `class Members { ${filled}\n}` : filled;
  const own = namesOf(`${body}\n${assumed}`);
  if (snippet.members) {
    // what `this` holds comes from the prelude's `interface Members`, merged into the class
    own.declared.delete('Members');
    own.used.add('Members');
  }
  const declarations = preludeDeclarations(own, context.prelude);
  const imports = svcImports(own, context.exports);
  return [body, assumed, ...declarations, ...imports, 'export {};', ''].join('\n');
}

interface Names {
  /** Names declared at the top level or imported. */
  declared: Set<string>;
  /** Every identifier the text mentions. */
  used: Set<string>;
  /** The modules it imports from. */
  modules: Set<string>;
}

function namesOf(text: string): Names {
  const file = ts.createSourceFile('snippet.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const names: Names = { declared: new Set(), used: new Set(), modules: new Set() };
  for (const statement of file.statements) {
    for (const name of declaredNames(statement)) names.declared.add(name);
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      names.modules.add(statement.moduleSpecifier.text);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && !isMemberName(node)) names.used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/**
 * A name that does not refer to anything in scope: `a.name`, `A.Name`, `import('m').Name`, a
 * property's or member's name, or the name a declaration gives (a parameter, a local variable).
 */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (ts.isImportTypeNode(parent)) return parent.qualifier === node;
  if ((parent as { name?: ts.Node }).name !== node) return false;
  return (
    ts.isPropertyAssignment(parent) ||
    ts.isClassElement(parent) ||
    ts.isTypeElement(parent) ||
    ts.isParameter(parent) ||
    ts.isVariableDeclaration(parent) ||
    ts.isBindingElement(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isClassDeclaration(parent) ||
    ts.isTypeParameterDeclaration(parent)
  );
}

/** The names a top-level statement puts in the module's scope. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    return [
      ...(clause?.name ? [clause.name.text] : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
      ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((each) => each.name.text) : []),
    ];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((each) => bindingNames(each.name));
  }
  const name = (statement as { name?: ts.Node }).name;
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isBindingElement(element) ? bindingNames(element.name) : []));
}

/** The prelude's declarations of the names used and not declared, and of the names those use. */
function preludeDeclarations(own: Names, prelude: Readonly<Record<string, string>>): string[] {
  const included = new Map<string, string>();
  const pending = [...own.used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const declaration = prelude[name];
    if (declaration === undefined || own.declared.has(name) || included.has(name)) continue;
    included.set(name, declaration);
    const { used } = namesOf(declaration);
    for (const each of used) own.used.add(each);
    pending.push(...used);
  }
  return [...included.values()];
}

/** `import { … } from 'svcjs'` for the svc names used, from a module the snippet does not import itself. */
function svcImports(own: Names, exports: ReadonlyMap<string, string>): string[] {
  const byModule = new Map<string, string[]>();
  for (const name of [...own.used].sort()) {
    const module = exports.get(name);
    if (module === undefined || own.declared.has(name) || own.modules.has(module)) continue;
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  return [...byModule].map(([module, names]) => `import { ${names.join(', ')} } from '${module}';`);
}

/** The names svc's entry points export, each with the first entry that does (`svcjs` first). */
export function svcExports(): Map<string, string> {
  const exports = new Map<string, string>();
  for (const [module, entry] of [
    ['svcjs', 'src/index.ts'],
    ['svcjs/testing', 'src/testing/index.ts'],
  ] as const) {
    const text = readFileSync(join(REPO, entry), 'utf8');
    const file = ts.createSourceFile(entry, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    for (const name of exportedNames(file)) if (!exports.has(name)) exports.set(name, module);
  }
  return exports;
}

function exportedNames(file: ts.SourceFile): string[] {
  return file.statements.flatMap((statement) => {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      return statement.exportClause.elements.map((element) => element.name.text);
    }
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) return [];
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((each) =>
        ts.isIdentifier(each.name) ? [each.name.text] : [],
      );
    }
    const name = (statement as { name?: ts.Node }).name;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}

/** The project: a tsconfig resolving svc's entry points to src/, and `files` under src/. */
export function writeProject(root: string, files: ReadonlyMap<string, string>): void {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      // as `svc init` writes it: Node's types, not the DOM library (which doubles what is parsed)
      lib: ['ES2023'],
      strict: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(REPO, 'node_modules/@types')],
      paths: {
        svcjs: [join(REPO, 'src/index.ts')],
        'svcjs/testing': [join(REPO, 'src/testing/index.ts')],
        'svcjs/openapi': [join(REPO, 'src/entries/openapi.ts')],
      },
    },
    include: ['src'],
  };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const [file, text] of files) {
    mkdirSync(dirname(join(root, 'src', file)), { recursive: true });
    writeFileSync(join(root, 'src', file), text);
  }
}

/**
 * One program over the project. Files another program already parsed (svc's sources, Node's
 * types, TypeScript's library) are taken from `parsed` rather than parsed again.
 */
export function compileProject(root: string, parsed?: ts.Program): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  );
  assert.ok(config);
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, ...rest) =>
    (fileName.startsWith(root) ? undefined : parsed?.getSourceFile(fileName)) ??
    getSourceFile(fileName, ...rest);
  return ts.createProgram(config.fileNames, config.options, host);
}

export interface SnippetError {
  snippet: Snippet;
  /** `TS2322` */
  code: string;
  /** The line on the snippet's page. */
  line: number;
  text: string;
}

/** The program's errors in each snippet's file (svc's own sources are checked by `npm run typecheck`). */
export function snippetErrors(
  program: ts.Program,
  root: string,
  snippets: readonly Snippet[],
): SnippetError[] {
  const errors: SnippetError[] = [];
  for (const snippet of snippets) {
    const file = program.getSourceFile(join(root, 'src', snippet.file));
    assert.ok(file, `${snippet.file} is in the program`);
    for (const diagnostic of [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]) {
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      errors.push({ snippet, code: `TS${diagnostic.code}`, line: snippet.line + line, text });
    }
  }
  return errors;
}

/** The program's errors outside any file: options, global types. */
export function programErrors(program: ts.Program): string[] {
  return [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  );
}
