/**
 * The schema generator: one per analysis run. It owns the component registry, the naming,
 * the warnings, and the converter chain; it is also the `ConversionContext` every converter
 * gets, so contained types go back through the whole chain.
 */
import path from 'node:path';
import ts from '../typescript.cjs';
import { schemaRef, type JsonSchema } from '../../model/json-schema.js';
import { cannotInferWarning, type AnalyzerDiagnostic } from '../diagnostics.js';
import { aliasTagsOf } from './alias-tags.js';
import { applyAnnotations } from './annotate.js';
import { CONVERTERS } from './converters/index.js';
import { decoratorFacts } from './decorators.js';
import { jsDocAnnotations } from './jsdoc.js';
import { backtrackingReason, riskyPatternWarning } from './pattern-check.js';
import { RISKY_PATTERN_LENGTH_LIMIT } from '../../model/pattern-limit.js';
import { ComponentNaming } from './naming.js';
import { misplacedTagWarnings } from './tag-placement.js';
import type { ConversionContext, SchemaAnnotations, SchemaGenerator, TypeConverter } from './types.js';

/** Nesting beyond this is an endlessly expanding generic (`type Deep<T> = {next: Deep<T[]>}`). */
const MAX_DEPTH = 64;

export class TypeSchemaGenerator implements SchemaGenerator, ConversionContext {
  readonly checker: ts.TypeChecker;
  private readonly registry = new Map<string, JsonSchema>();
  private readonly warnings: AnalyzerDiagnostic[] = [];
  private readonly warned = new Set<string>();
  private readonly naming: ComponentNaming;
  private readonly sites: (ts.Node | undefined)[] = [];
  private readonly inProgress = new Set<ts.Type>();
  private readonly selfReferencing = new Set<ts.Type>();
  /** Schemas of types converted at a use site: 300 controllers share a few DTOs. */
  private readonly converted = new Map<ts.Type, JsonSchema>();
  /** The declaration each `annotationsOf` result was read from: a misplaced tag is warned at it. */
  private readonly declarations = new WeakMap<SchemaAnnotations, ts.Node>();
  private unresolvedCount = 0;

  constructor(
    readonly program: ts.Program,
    private readonly root: string,
    private readonly converters: readonly TypeConverter[] = CONVERTERS,
  ) {
    this.checker = program.getTypeChecker();
    this.naming = new ComponentNaming(program, this.checker);
  }

  get site(): ts.Node | undefined {
    for (let i = this.sites.length - 1; i >= 0; i--) if (this.sites[i]) return this.sites[i];
    return undefined;
  }

  schemaFor(type: ts.Type, site: ts.Node | undefined, annotations?: SchemaAnnotations): JsonSchema {
    if (annotations?.schema) return applyAnnotations(annotations.schema, annotations);
    const schema = this.convert(type, site);
    return annotations ? this.annotate(schema, annotations) : schema;
  }

  annotationsOf(declaration: ts.Node): SchemaAnnotations {
    const annotations = { ...aliasTagsOf(declaration, this.checker), ...jsDocAnnotations(declaration) };
    const facts = decoratorFacts(declaration, this.checker);
    if (facts.hidden) annotations.hidden = true;
    if (facts.schema) annotations.schema = facts.schema;
    if (this.isRisky(annotations.pattern, declaration)) annotations.patternLimit = RISKY_PATTERN_LENGTH_LIMIT;
    const { items } = annotations;
    if (items && this.isRisky(items.pattern, declaration)) items.patternLimit = RISKY_PATTERN_LENGTH_LIMIT;
    if (this.isRisky(annotations.keyPattern, declaration))
      annotations.keyPatternLimit = RISKY_PATTERN_LENGTH_LIMIT;
    this.declarations.set(annotations, declaration);
    return annotations;
  }

  /** A pattern left on the backtracking engine: warned about once, then capped at run time. */
  private isRisky(pattern: string | undefined, declaration: ts.Node): boolean {
    const reason = pattern === undefined ? undefined : backtrackingReason(pattern);
    if (pattern === undefined || reason === undefined) return false;
    const { file, line } = this.location(declaration);
    this.warnOnce(riskyPatternWarning(pattern, reason, file, line));
    return true;
  }

  annotate(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema {
    const declaration = this.declarations.get(annotations);
    if (declaration && !annotations.schema) {
      const { file, line } = this.location(declaration);
      for (const warning of misplacedTagWarnings(schema, annotations, file, line)) this.warnOnce(warning);
    }
    return applyAnnotations(schema, annotations);
  }

  convert(type: ts.Type, site?: ts.Node): JsonSchema {
    if (this.sites.length > 0) return this.convertNested(type, site);
    const cached = this.converted.get(type);
    if (cached) return cached;
    const unresolvedBefore = this.unresolvedCount;
    const schema = this.convertNested(type, site);
    // A warning names its site: a type that warns is converted again at every site.
    if (this.unresolvedCount === unresolvedBefore) this.converted.set(type, schema);
    return schema;
  }

  private convertNested(type: ts.Type, site?: ts.Node): JsonSchema {
    if (this.inProgress.has(type)) {
      // A type that contains itself without passing through a named component
      // (`type Json = string | Json[]`): it becomes one, so the cycle is a `$ref`.
      this.selfReferencing.add(type);
      return schemaRef(this.nameOf(type));
    }
    if (this.sites.length > MAX_DEPTH) return this.unresolvable(type, site);
    this.sites.push(site);
    this.inProgress.add(type);
    try {
      const schema = this.runChain(type);
      if (!this.selfReferencing.has(type)) return schema;
      const name = this.nameOf(type);
      if (!this.registry.has(name)) this.registry.set(name, schema);
      return schemaRef(name);
    } finally {
      this.inProgress.delete(type);
      this.sites.pop();
    }
  }

  private runChain(type: ts.Type): JsonSchema {
    for (const converter of this.converters) {
      if (converter.supports(type, this)) return converter.convert(type, this);
    }
    return this.unresolvable(type);
  }

  named(name: string, build: () => JsonSchema): JsonSchema {
    if (!this.registry.has(name)) {
      // Registered before building so that a recursive type refers to itself.
      this.registry.set(name, {});
      this.registry.set(name, build());
    }
    return schemaRef(name);
  }

  nameOf(type: ts.Type): string {
    return this.naming.nameOf(type);
  }

  nameAs(type: ts.Type, base: string): string {
    return this.naming.nameAs(type, base);
  }

  unresolvable(type: ts.Type, site?: ts.Node): JsonSchema {
    this.unresolvedCount++;
    const where = site ?? this.site;
    const typeText = this.checker.typeToString(type);
    const { file, line } = this.location(where);
    this.warnOnce(cannotInferWarning(typeText, file, line));
    return {};
  }

  /** A declaration is read at each use of its type: each warning is kept once. */
  private warnOnce(warning: AnalyzerDiagnostic): void {
    if (this.warned.has(warning.message)) return;
    this.warned.add(warning.message);
    this.warnings.push(warning);
  }

  component(name: string): JsonSchema | undefined {
    return this.registry.get(name);
  }

  components(): Record<string, JsonSchema> {
    const names = [...this.registry.keys()].sort();
    return Object.fromEntries(names.map((name) => [name, this.registry.get(name) ?? {}]));
  }

  diagnostics(): AnalyzerDiagnostic[] {
    return [...this.warnings];
  }

  private location(node: ts.Node | undefined): { file: string; line: number } {
    if (!node) return { file: '<unknown>', line: 0 };
    const source = node.getSourceFile();
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const file = path.relative(this.root, source.fileName).split(path.sep).join('/');
    return { file, line };
  }
}
