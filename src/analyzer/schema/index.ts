/** Type → JSON Schema (OpenAPI 3.0.3 schema objects) for the analyzer. */
import type ts from 'typescript';
import { TypeSchemaGenerator } from './generator.js';
import type { SchemaGenerator } from './types.js';

export type { ConversionContext, SchemaAnnotations, SchemaGenerator, TypeConverter } from './types.js';
export { CONVERTERS } from './converters/index.js';

/** One generator per analysis run: components and warnings accumulate across `schemaFor` calls. */
export function createSchemaGenerator(program: ts.Program, root: string): SchemaGenerator {
  return new TypeSchemaGenerator(program, root);
}
