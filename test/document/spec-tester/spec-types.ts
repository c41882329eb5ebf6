/** The parts of an OpenAPI 3.0.3 document the spec tester reads, as svc build writes them. */
import type { Schema30 } from '../../../src/openapi/types.js';

export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema30;
}

export interface SpecResponse {
  description: string;
  content?: Record<string, { schema: Schema30 }>;
}

export interface SpecOperation {
  operationId: string;
  parameters?: SpecParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema30 }> };
  responses: Record<string, SpecResponse | { $ref: string }>;
  security?: Record<string, string[]>[];
  'x-svc-websocket'?: true;
}

export type SpecPathItem = Record<string, SpecOperation> & {
  'x-svc-methods'?: Record<string, SpecOperation>;
};

export interface SpecDocument {
  servers?: { url: string }[];
  paths: Record<string, SpecPathItem>;
  components?: {
    schemas?: Record<string, Schema30>;
    responses?: Record<string, SpecResponse>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

/** One operation with where it lives. */
export interface LocatedOperation {
  path: string;
  method: string;
  operation: SpecOperation;
}

export function operationsOf(document: SpecDocument): LocatedOperation[] {
  const located: LocatedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [key, value] of Object.entries(item)) {
      if (key === 'x-svc-methods') {
        for (const [method, operation] of Object.entries(value as Record<string, SpecOperation>)) {
          located.push({ path, method, operation });
        }
      } else located.push({ path, method: key.toUpperCase(), operation: value as SpecOperation });
    }
  }
  return located;
}

/** The methods a path answers according to the document, as `Allow` lists them (HEAD with GET, OPTIONS). */
export function allowOf(item: SpecPathItem): string {
  const methods = new Set(operationsOf({ paths: { p: item } }).map((located) => located.method));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort().join(', ');
}
