/**
 * The parts of the documents svc build writes that the spec tester reads: OpenAPI 3.0.3
 * (`swagger.json`), 3.1 and 3.2 (docs/openapi.md, "Three documents"). The three place operations
 * differently (`x-svc-methods` in 3.0.3 and 3.1; 3.2's fixed `query` and `additionalOperations`)
 * and write schemas in two dialects, so each reader here takes the document's version from it.
 */

/** The document versions svc writes, as the tester names them in its findings. */
export type SpecVersion = '3.0.3' | '3.1' | '3.2';

/**
 * A schema of either dialect: 3.0.3's Schema Object (`nullable`, boolean exclusive bounds, svc's
 * `x-prefixItems`/`x-propertyNames`) or JSON Schema 2020-12 (type arrays, `const`, `prefixItems`,
 * `items: false`, numeric exclusive bounds, `contentEncoding`). Only what the tester reads.
 */
export interface SpecSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  format?: string;
  const?: unknown;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  contentEncoding?: string;
  contentMediaType?: string;
  items?: SpecSchema | false;
  prefixItems?: SpecSchema[];
  'x-prefixItems'?: SpecSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, SpecSchema>;
  required?: string[];
  additionalProperties?: boolean | SpecSchema;
  minProperties?: number;
  oneOf?: SpecSchema[];
  anyOf?: SpecSchema[];
  allOf?: SpecSchema[];
}

export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: SpecSchema;
}

/** A media type: `schema`, or in 3.2 an SSE answer's `itemSchema` (one event as a browser parses it). */
export interface SpecMediaType {
  schema?: SpecSchema;
  itemSchema?: SpecSchema;
}

export interface SpecResponse {
  description: string;
  content?: Record<string, SpecMediaType>;
}

export interface SpecOperation {
  operationId: string;
  parameters?: SpecParameter[];
  requestBody?: { required: boolean; content: Record<string, SpecMediaType> };
  responses: Record<string, SpecResponse | { $ref: string }>;
  security?: Record<string, string[]>[];
  'x-svc-websocket'?: true;
}

/** The method fields and the one extension (3.0.3, 3.1) or field (3.2) holding the other methods. */
export type SpecPathItem = Record<string, SpecOperation> & {
  'x-svc-methods'?: Record<string, SpecOperation>;
  additionalOperations?: Record<string, SpecOperation>;
};

export interface SpecDocument {
  openapi?: string;
  servers?: { url: string }[];
  paths: Record<string, SpecPathItem>;
  components?: {
    schemas?: Record<string, SpecSchema>;
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

/** The document's version; a document without `openapi` (a hand-made one) is read as 3.0.3. */
export function versionOf(document: SpecDocument): SpecVersion {
  if (document.openapi?.startsWith('3.2')) return '3.2';
  if (document.openapi?.startsWith('3.1')) return '3.1';
  return '3.0.3';
}

/** True for the versions whose schemas are JSON Schema 2020-12. */
export function speaks2020(version: SpecVersion): boolean {
  return version !== '3.0.3';
}

/** A path item's operation fields, by version; any other key of the path item is no method. */
const FIXED_METHODS: Record<SpecVersion, readonly string[]> = {
  '3.0.3': ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'],
  '3.1': ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'],
  '3.2': ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'],
};

/** Where a version puts every other method: svc's extension before 3.2, 3.2's own field. */
const OTHER_METHODS: Record<SpecVersion, 'x-svc-methods' | 'additionalOperations'> = {
  '3.0.3': 'x-svc-methods',
  '3.1': 'x-svc-methods',
  '3.2': 'additionalOperations',
};

export function operationsOf(document: SpecDocument): LocatedOperation[] {
  const version = versionOf(document);
  const located: LocatedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const key of FIXED_METHODS[version]) {
      const operation = item[key];
      if (operation) located.push({ path, method: key.toUpperCase(), operation });
    }
    for (const [method, operation] of Object.entries(item[OTHER_METHODS[version]] ?? {}))
      located.push({ path, method, operation });
  }
  return located;
}

/** The methods a path answers according to the document, as `Allow` lists them (HEAD with GET, OPTIONS). */
export function allowOf(document: SpecDocument, item: SpecPathItem): string {
  const one = { openapi: document.openapi, paths: { p: item } };
  const methods = new Set(operationsOf(one).map((located) => located.method));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort().join(', ');
}
