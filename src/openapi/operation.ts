/**
 * The one operation builder: a route → its operation in the neutral document (./neutral.ts),
 * which each version writer then places. Parameters (the covering components' too), request body,
 * responses, security and tags, with the model's 2020-12 schemas less svc's hints; a WebSocket
 * route's message schemas kept as data.
 */
import type {
  AppModel,
  ComponentModel,
  ControllerModel,
  RouteModel,
  SecurityModel,
} from '../model/app-model.js';
import { beforeHandlerMethods, coveringComponents } from '../model/covering.js';
import type { NeutralOperation, NeutralOperationFields } from './neutral.js';
import { documentParameters, documentRequestBody } from './parameters.js';
import { documentResponses } from './responses.js';
import { publicSchema } from './schemas.js';
import { coveringSecurity, securityRequirement, withoutCredentials } from './security.js';
import { summaryOf } from './summary.js';
import type { WebSocketMessages } from './types.js';

export interface BuiltOperation {
  operation: NeutralOperation;
  /** The security schemes the operation requires (for `components.securitySchemes`). */
  schemes: SecurityModel[];
}

export function buildOperation(
  model: AppModel,
  controller: ControllerModel,
  route: RouteModel,
): BuiltOperation {
  const covering = coveringComponents(model.app, model.components, controller, route);
  const componentParams = beforeHandlerMethods(covering).flatMap((method) => method.params);
  const { doc } = route;
  const fields: NeutralOperationFields = { tags: [...doc.tags], operationId: doc.operationId, responses: {} };
  fields.summary = doc.summary ?? summaryOf(route.methodName);
  if (doc.description !== undefined) fields.description = doc.description;
  const parameters = documentParameters(route, model.schemas, componentParams);
  if (parameters.length > 0) fields.parameters = parameters;
  const requestBody = documentRequestBody(route);
  if (requestBody) fields.requestBody = requestBody;
  fields.responses = documentResponses(route, model.schemas);
  if (doc.deprecated) fields.deprecated = true;
  const schemes = secure(fields, covering);
  if (route.kind === 'websocket') fields['x-svc-websocket'] = true;
  const websocket = route.kind === 'websocket' ? webSocketMessages(route) : undefined;
  return {
    operation: {
      method: route.httpMethod,
      operation: orderOperation(fields),
      ...(websocket && { websocket }),
    },
    schemes,
  };
}

/** The covering components' schemes as the operation's requirement, their credential parameters left out. */
function secure(fields: NeutralOperationFields, covering: readonly ComponentModel[]): SecurityModel[] {
  const security = coveringSecurity(covering);
  if (security.length === 0) return [];
  fields.security = securityRequirement(covering);
  if (!fields.parameters) return security;
  const parameters = withoutCredentials(fields.parameters, security);
  if (parameters.length > 0) fields.parameters = parameters;
  else delete fields.parameters;
  return security;
}

/** One received message (`T` of `@Messages() m: AsyncIterable<T>`; unknown: left out) and one sent. */
function webSocketMessages(route: RouteModel): WebSocketMessages {
  const out = publicSchema(route.returns.schema ?? {});
  const messages = route.params.find((param) => param.source === 'messages');
  // `{}` when the analyzer could not read the incoming type (`AsyncIterable<unknown>`): say nothing then.
  const known = messages !== undefined && Object.keys(messages.schema).length > 0;
  return known ? { in: publicSchema(messages.schema), out } : { out };
}

/** Operation keys in the order every document writes them, whatever order they were set in. */
const OPERATION_KEYS = [
  'tags',
  'summary',
  'description',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'deprecated',
  'security',
  'servers',
  'x-svc-websocket',
  'x-svc-messages',
] as const;

export function orderOperation<T extends object>(operation: T): T {
  const source = operation as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of OPERATION_KEYS) if (source[key] !== undefined) ordered[key] = source[key];
  return ordered as T;
}
