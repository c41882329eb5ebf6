/**
 * A whole-object `@Query() filter: Filter` binds one query parameter per declared property of
 * `Filter`. The OpenAPI writer documents that list and the runtime binds it, both from here.
 *
 * An optional whole-object query (`filter?: Filter`) is optional as a whole: on the wire every
 * property is optional (that is what the document says), the handler gets `undefined` when the
 * query holds none of them, and once any is given the object is checked as its type says, its
 * required properties included.
 */
import type { ParamModel } from './app-model.js';
import type { JsonSchema } from './json-schema.js';
import { unwrapSingle, type NamedSchemas } from './schema-walk.js';

export interface QueryObjectProperty {
  name: string;
  /** Required on the wire: the object is required and its type requires the property. */
  required: boolean;
  /** Required by the object's type: enforced whenever the object is present. */
  requiredInObject: boolean;
  schema: JsonSchema;
}

export interface QueryObject {
  /** The object schema, `$ref`s and a `T | null` wrapper resolved. */
  schema: JsonSchema;
  properties: QueryObjectProperty[];
}

export function expandQueryObject(param: ParamModel, schemas: NamedSchemas): QueryObject {
  const { schema } = unwrapSingle(param.schema, schemas);
  const requiredByType = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {}).map(([name, propertySchema]) => ({
    name,
    required: param.required && requiredByType.has(name),
    requiredInObject: requiredByType.has(name),
    schema: propertySchema,
  }));
  return { schema, properties };
}
