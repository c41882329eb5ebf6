/**
 * Picks a route's JSON serializer once, at start-up: the serializer compiled from its declared
 * return schema (src/runtime/serialize/), or, for a route whose type the analyzer could not give,
 * the general writer. In dev mode each property the compiled serializer leaves out (a value that
 * carries more than its type) is logged once per route.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { compileSerializer, type DropReporter } from '../serialize/index.js';
import { stringifyRich } from './json.js';
import type { Serializer } from './send.js';

export interface SerializedRoute {
  method: string;
  fullPath: string;
  /** `Controller.method`. */
  label: string;
}

/**
 * `log` given (dev mode): dropped properties are reported on it. `mediaType`: the route's
 * `@contentType`, carried by the serializer to the one place answers are written (./send.ts).
 */
export function chooseSerializer(
  schema: JsonSchema | undefined,
  schemas: Record<string, JsonSchema>,
  dev?: { route: SerializedRoute; log: (line: string) => void },
  mediaType?: string,
): Serializer {
  const serialize =
    schema === undefined
      ? stringifyRich
      : compileSerializer(schema, schemas, dev && dropLogger(dev.route, dev.log));
  if (mediaType === undefined) return serialize;
  // A copy: `stringifyRich` is shared by every route.
  return Object.assign((value: unknown) => serialize(value), { mediaType });
}

/** One warning per distinct dropped property of a route. */
function dropLogger(route: SerializedRoute, log: (line: string) => void): DropReporter {
  const seen = new Set<string>();
  return (where, key) => {
    const property = `${where}.${key}`;
    if (seen.has(property)) return;
    seen.add(property);
    log(
      `svc: warning: ${route.method} ${route.fullPath} (${route.label}) returned a property its type does not declare, left out of the answer: ${property}`,
    );
  };
}
