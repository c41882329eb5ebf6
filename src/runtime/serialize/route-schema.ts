/** Which schema a route's serializer is compiled from: start-up and `svc build` both ask here. */
import type { RouteModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';

/** A JSON answer's, or a stream's items' (SSE, WebSocket); undefined for text, bytes, files. */
export function serializedSchema(route: RouteModel): JsonSchema | undefined {
  return route.returns.kind === 'json' || route.kind !== 'http' ? route.returns.schema : undefined;
}
