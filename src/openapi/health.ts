/**
 * svc's health endpoints in the documents, when `health.document` is true (read from `@App` or
 * svc.config.json; createApp's argument never reaches a written document). They are not under
 * the app's prefix, so with a prefix each operation names the server root (`servers: [{url: '/'}]`).
 * A documented app path that is the same key keeps it (the app's own route is what a reader needs).
 */
import type { AppModel } from '../model/app-model.js';
import { DEFAULT_HEALTH_LIVE, DEFAULT_HEALTH_READY } from '../model/app-options.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { NeutralOperation, NeutralOperationFields } from './neutral.js';

const OK_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
};

const UNAVAILABLE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['status', 'reason', 'checks'],
  properties: {
    status: { type: 'string', enum: ['unavailable'] },
    reason: { type: 'string', enum: ['draining', 'checks'] },
    checks: {
      type: 'object',
      additionalProperties: { type: 'string', enum: ['ok', 'failed', 'threw', 'timeout'] },
    },
  },
};

/** `paths` with the health endpoints added when the option asks, keys sorted again. */
export function withHealthPaths(
  paths: Record<string, NeutralOperation[]>,
  model: AppModel,
): Record<string, NeutralOperation[]> {
  const option = model.options?.health;
  if (option === undefined || option === false || option.document !== true) return paths;
  const servers = model.prefix === '' ? undefined : [{ url: '/' }];
  const health: Record<string, NeutralOperation[]> = {
    [option.live ?? DEFAULT_HEALTH_LIVE]: [{ method: 'GET', operation: liveOperation(servers) }],
    [option.ready ?? DEFAULT_HEALTH_READY]: [{ method: 'GET', operation: readyOperation(servers) }],
  };
  const merged = { ...health, ...paths };
  return Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((key) => [key, merged[key] as NeutralOperation[]]),
  );
}

function json(description: string, schema: JsonSchema) {
  return { description, content: { 'application/json': { schema } } };
}

type Servers = NeutralOperationFields['servers'];

function liveOperation(servers: Servers): NeutralOperationFields {
  return {
    tags: ['health'],
    summary: 'Liveness',
    description: 'Answers 200 while the process serves requests, during a graceful shutdown too.',
    operationId: 'svcHealthLive',
    responses: { '200': json('The process is live.', OK_SCHEMA) },
    ...(servers && { servers }),
  };
}

function readyOperation(servers: Servers): NeutralOperationFields {
  return {
    tags: ['health'],
    summary: 'Readiness',
    description:
      'Answers 200 when the app takes traffic; 503 from the start of a shutdown (`draining`) ' +
      'and while a readiness check is not ok (`checks`, each by name).',
    operationId: 'svcHealthReady',
    responses: {
      '200': json('Ready for traffic.', OK_SCHEMA),
      '503': json('Not ready: send traffic elsewhere.', UNAVAILABLE_SCHEMA),
    },
    ...(servers && { servers }),
  };
}
