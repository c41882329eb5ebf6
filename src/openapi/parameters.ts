/** Route parameters → the neutral document's `parameters` and `requestBody` (2020-12 schemas). */
import type { ParamModel, RouteModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { WEBSOCKET_UPGRADE_HEADERS } from '../model/framework-answers.js';
import {
  componentParameterLocation,
  parameterLocation,
  type ParameterLocation,
} from '../model/param-sources.js';
import { expandQueryObject } from '../model/query-object.js';
import { paramNames } from '../model/route-paths.js';
import { publicSchema, type SchemaWriter } from './schemas.js';
import { bodyMediaContent } from './request-body.js';
import type { OpenApiParameter as Parameter, OpenApiRequestBody } from './types.js';

type OpenApiParameter = Parameter<JsonSchema>;
type RequestBody = OpenApiRequestBody<JsonSchema>;

/**
 * The documented parameters in declaration order; `@Data`, `@Ctx`, `@Messages` and bodies are not
 * parameters. Then the header, query and cookie parameters the covering components' middleware,
 * guards and pre-interceptors bind (a route's own parameter of the same name and location wins).
 */
export function documentParameters(
  route: RouteModel,
  schemas: Record<string, JsonSchema>,
  componentParams: readonly ParamModel[] = [],
  write: SchemaWriter = publicSchema,
): OpenApiParameter[] {
  const result: OpenApiParameter[] = [];
  const seen = new Set<string>();
  const add = (parameter: OpenApiParameter): void => {
    // Header names are case-insensitive: `Authorization` and `authorization` are one parameter.
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    const id = `${parameter.in}\u0000${name}`;
    if (seen.has(id)) return;
    seen.add(id);
    result.push(parameter);
  };
  for (const param of route.params) {
    const location = parameterLocation(param.source);
    if (!location) continue;
    if (param.wholeObject) queryObjectParameters(param, schemas, write).forEach(add);
    else add(simpleParameter(param, location, write));
  }
  // OpenAPI requires every `{segment}` of a path to be declared, bound by a @Param or not.
  for (const name of paramNames(route.fullPath)) {
    add({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const param of componentParams) {
    const location = componentParameterLocation(param.source);
    if (!location) continue;
    if (param.wholeObject) queryObjectParameters(param, schemas, write).forEach(add);
    else add(simpleParameter(param, location, write));
  }
  if (route.kind === 'websocket') upgradeHeaders(result).forEach(add);
  return result;
}

/**
 * A WebSocket route's upgrade headers: without them svc answers 426, never 101. One the route or a
 * component binds itself (any spelling) is already listed.
 */
function upgradeHeaders(listed: readonly OpenApiParameter[]): OpenApiParameter[] {
  const bound = new Set(
    listed.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name.toLowerCase()),
  );
  return WEBSOCKET_UPGRADE_HEADERS.filter((header) => !bound.has(header.name.toLowerCase())).map(
    (header) => ({
      name: header.name,
      in: 'header',
      required: true,
      schema: structuredClone(header.schema),
    }),
  );
}

function simpleParameter(
  param: ParamModel,
  location: ParameterLocation,
  write: SchemaWriter,
): OpenApiParameter {
  return {
    name: String(param.key),
    in: location,
    ...(param.description ? { description: param.description } : {}),
    required: param.source === 'path' ? true : param.required,
    schema: withDefault(write(param.schema), param),
  };
}

/** The parameter's static default (`@Query() limit = 20`) as its schema's `default`. */
function withDefault(schema: JsonSchema, param: ParamModel): JsonSchema {
  return param.default === undefined ? schema : { ...schema, default: structuredClone(param.default) };
}

/**
 * `@Query() filter: Filter`: one query parameter per property of `Filter` (the list the runtime
 * binds). OpenAPI cannot say "required once any other is given", which is what a required property
 * of an optional whole-object query is, so its description says it.
 */
function queryObjectParameters(
  param: ParamModel,
  schemas: Record<string, JsonSchema>,
  write: SchemaWriter,
): OpenApiParameter[] {
  const properties = expandQueryObject(param, schemas).properties;
  return properties.map((property) => {
    const others = properties.filter((other) => other !== property).map((other) => other.name);
    const conditional = !property.required && property.requiredInObject && others.length > 0;
    return {
      name: property.name,
      in: 'query',
      ...(conditional ? { description: `Required when any of ${others.join(', ')} is given.` } : {}),
      required: property.required,
      schema: write(property.schema),
    };
  });
}

/**
 * `@Body()` documents the whole body; `@Body(['a', 'b'])` documents an object wrapping the value
 * at that key path. Several key-path bodies merge into one object.
 */
export function documentRequestBody(
  route: RouteModel,
  write: SchemaWriter = publicSchema,
): RequestBody | undefined {
  const bodies = route.params.filter((param) => param.source === 'body');
  if (bodies.length === 0) return undefined;
  const whole = bodies.find((param) => Array.isArray(param.key) && param.key.length === 0);
  const schema = whole ? write(whole.schema) : wrapKeyPaths(bodies, write);
  const media = whole?.bodyMedia;
  return {
    required: whole ? whole.required : bodies.some((param) => param.required),
    content: media ? bodyMediaContent(media, schema) : { 'application/json': { schema } },
  };
}

function wrapKeyPaths(bodies: ParamModel[], write: SchemaWriter): JsonSchema {
  const root: JsonSchema = { type: 'object', properties: {} };
  for (const param of bodies) {
    const path = Array.isArray(param.key) ? param.key : [param.key];
    let parent = root;
    path.forEach((segment, depth) => {
      const last = depth === path.length - 1;
      const properties = (parent.properties ??= {});
      if (last || !properties[segment]) {
        properties[segment] = last ? write(param.schema) : { type: 'object', properties: {} };
      }
      if (param.required && !(parent.required ??= []).includes(segment)) parent.required.push(segment);
      parent = properties[segment] as JsonSchema;
    });
  }
  return root;
}
