/**
 * The contract of type → JSON Schema conversion. One converter per type kind, chained: the
 * first converter whose `supports` answers true converts the type, calling back into the
 * chain (`context.convert`) for the types it contains.
 */
import type ts from 'typescript';
import type { JsonSchema } from '../../model/json-schema.js';
import type { AnalyzerDiagnostic } from '../diagnostics.js';

/** JSDoc-derived facts about the property or parameter whose type is being converted. */
export interface SchemaAnnotations {
  description?: string;
  example?: unknown;
  default?: unknown;
  deprecated?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Set for a `@pattern` that can backtrack exponentially: the runtime's length cap for it. */
  patternLimit?: number;
  minItems?: number;
  maxItems?: number;
  isInt?: boolean;
  /** `@maxSize 5MB` on a `File` or `File[]` property, in bytes: each file's `maxLength` (./file-size.ts). */
  maxSize?: number;
  /** `@schema {json}` or `@ApiType(schema)`: replaces the inferred schema. */
  schema?: JsonSchema;
  /** `@ApiHidden()` on a class property: the property is left out of its object schema. */
  hidden?: boolean;
  /** Tags of an alias used as the element type (`Currency[]`): applied to `items`. */
  items?: SchemaAnnotations;
  /** The `@pattern` of an alias used as a `Record` key type: every key must match it. */
  keyPattern?: string;
  /** Set for a `keyPattern` that can backtrack exponentially: the runtime's length cap for keys. */
  keyPatternLimit?: number;
}

export interface ConversionContext {
  readonly checker: ts.TypeChecker;
  /** The program the types come from (to tell lib and dependency declarations apart). */
  readonly program: ts.Program;
  /** JSDoc and decorator facts of a property or parameter declaration. */
  annotationsOf(declaration: ts.Node): SchemaAnnotations;
  /** Applies annotations to a converted schema (wrapping a `$ref` in `allOf` when it adds keywords). */
  annotate(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema;
  /** Converts a contained type through the whole chain. */
  convert(type: ts.Type, site?: ts.Node): JsonSchema;
  /** Registers a named component (once) and returns its `$ref`; `build` runs only the first time. */
  named(name: string, build: () => JsonSchema): JsonSchema;
  /** The readable, deterministic component name of a type (`User`, `Page_User`). */
  nameOf(type: ts.Type): string;
  /** The component name of a type that has no name of its own, made from `base` (clashes get `_2`). */
  nameAs(type: ts.Type, base: string): string;
  /** A component registered so far (to see what a `$ref` stands for). */
  component(name: string): JsonSchema | undefined;
  /** Records an unresolvable type: returns `{}` and emits the `@ApiType` warning once per type and site. */
  unresolvable(type: ts.Type, site?: ts.Node): JsonSchema;
  /** Where the type is used (for warnings); the nearest node with a position. */
  readonly site: ts.Node | undefined;
}

export interface TypeConverter {
  /** For diagnostics and tests. */
  readonly kind: string;
  supports(type: ts.Type, context: ConversionContext): boolean;
  convert(type: ts.Type, context: ConversionContext): JsonSchema;
}

/** What the analyzer asks of the schema layer. */
export interface SchemaGenerator {
  /** Schema of a type at a use site (a parameter, property or return type node), with its JSDoc applied. */
  schemaFor(type: ts.Type, site: ts.Node | undefined, annotations?: SchemaAnnotations): JsonSchema;
  /** Reads JSDoc tags of a declaration (property or parameter) into annotations. */
  annotationsOf(declaration: ts.Node): SchemaAnnotations;
  /** Named schemas registered so far. */
  components(): Record<string, JsonSchema>;
  /** One named schema registered so far. */
  component(name: string): JsonSchema | undefined;
  /** Warnings emitted so far (unresolvable types). */
  diagnostics(): AnalyzerDiagnostic[];
}
