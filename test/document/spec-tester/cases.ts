/**
 * Requests generated from the document: for every operation a valid one (every parameter and the
 * body sampled from their schemas, the credentials its security needs) and invalid ones (each
 * required input left out, each typed input given the wrong type, a malformed body, another media
 * type, a body of the wrong type or with a tuple's positions swapped, no credentials, a WebSocket
 * route asked without the upgrade); for every path TRACE and a PUT where the path has none, and a
 * method token nobody declares. Any of the three documents, each read in its own dialect.
 */
import { nonNullTypes, resolve, sample, wrongText } from './samples.js';
import { SchemaCheck } from './schema-check.js';
import {
  allowOf,
  operationsOf,
  type LocatedOperation,
  type SpecDocument,
  type SpecParameter,
  type SpecSchema,
} from './spec-types.js';

export interface Credentials {
  /** Scheme name → the credential: a bearer token for `http`, the key's value for `apiKey`. */
  [scheme: string]: string;
}

export interface RequestCase {
  label: string;
  method: string;
  /** Path and query, under the server URL. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** valid: the document says it is acceptable; invalid: it must be refused (4xx). */
  kind: 'valid' | 'invalid' | 'method';
  /** A valid case whose values the generator is sure of: it must not be refused as invalid input. */
  sure: boolean;
  operation?: LocatedOperation;
  /** For `method` cases: the status and `Allow` the document's path item implies. */
  expect?: { status: number; allow?: string };
  /** Sent as a WebSocket upgrade. */
  upgrade?: boolean;
  /** An operation the app was written to crash (a test of the 500 answer): its 5xx is no finding. */
  mayCrash?: boolean;
}

interface Inputs {
  values: Map<SpecParameter, string>;
  body?: string;
  sure: boolean;
}

/** `check` (the document's own validators) tells which changed values the document refuses. */
export function casesOf(
  document: SpecDocument,
  prefix: string,
  credentials: Credentials,
  check = new SchemaCheck(document),
): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const located of operationsOf(document))
    cases.push(...operationCases({ document, prefix, credentials, check }, located));
  for (const [path, item] of Object.entries(document.paths)) {
    const target = `${prefix}${fillPath(path, new Map())}`;
    const allow = allowOf(document, item);
    cases.push({
      label: `TRACE ${path}`,
      method: 'TRACE',
      target,
      headers: {},
      kind: 'method',
      sure: true,
      expect: { status: 405, allow },
    });
    if (!item.put) {
      cases.push({
        label: `PUT ${path}`,
        method: 'PUT',
        target,
        headers: {},
        kind: 'method',
        sure: true,
        expect: { status: 405, allow },
      });
    }
    cases.push({
      label: `BOGUS ${path}`,
      method: 'BOGUS',
      target,
      headers: {},
      kind: 'method',
      sure: true,
      expect: { status: 501 },
    });
  }
  return cases;
}

/** What every case of one document is made with. */
interface Making {
  document: SpecDocument;
  prefix: string;
  credentials: Credentials;
  check: SchemaCheck;
}

function operationCases(making: Making, located: LocatedOperation): RequestCase[] {
  const { document, prefix, credentials } = making;
  const { operation, method, path } = located;
  const components = document.components?.schemas ?? {};
  const inputs = validInputs(located, components);
  const make = (label: string, kind: RequestCase['kind'], change: (draft: Draft) => void): RequestCase => {
    const draft: Draft = {
      values: new Map(inputs.values),
      body: inputs.body,
      contentType: 'application/json',
      secured: true,
    };
    change(draft);
    return toCase(
      document,
      prefix,
      located,
      credentials,
      draft,
      `${method} ${path} ${label}`,
      kind,
      inputs.sure,
    );
  };
  const cases = [make('(valid)', 'valid', () => {})];
  if (operation['x-svc-websocket']) {
    cases[0]!.upgrade = true;
    cases.push(make('without the upgrade headers', 'invalid', (draft) => dropUpgradeHeaders(draft)));
    return cases;
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.required && parameter.in !== 'path') {
      cases.push(
        make(`without ${parameter.in} ${parameter.name}`, 'invalid', (draft) =>
          draft.values.delete(parameter),
        ),
      );
    }
    const wrong = wrongText(parameter.schema, components);
    if (wrong !== undefined) {
      cases.push(
        make(`with ${parameter.in} ${parameter.name}=${wrong}`, 'invalid', (draft) =>
          draft.values.set(parameter, wrong),
        ),
      );
    }
  }
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (operation.requestBody && bodySchema) {
    cases.push(make('with a malformed JSON body', 'invalid', (draft) => (draft.body = '{"unterminated')));
    cases.push(make('with a text/plain body', 'invalid', (draft) => (draft.contentType = 'text/plain')));
    cases.push(
      make(
        'with a body of the wrong type',
        'invalid',
        (draft) => (draft.body = wrongBody(bodySchema, components)),
      ),
    );
    const swapped = swappedBody(making, bodySchema, inputs.body);
    if (swapped !== undefined)
      cases.push(make('with the tuple positions swapped', 'invalid', (draft) => (draft.body = swapped)));
    if (operation.requestBody.required)
      cases.push(make('without a body', 'invalid', (draft) => (draft.body = undefined)));
  }
  const requirements = operation.security ?? [];
  if (requirements.some((requirement) => Object.keys(requirement).length > 0)) {
    // `security: [{}, {Token: []}]`: a credential is optional, so a request without one is valid.
    const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
    cases.push(
      make(
        optional ? 'without the optional credentials' : 'without credentials',
        optional ? 'valid' : 'invalid',
        (draft) => (draft.secured = false),
      ),
    );
  }
  return cases;
}

interface Draft {
  values: Map<SpecParameter, string>;
  body?: string;
  contentType: string;
  secured: boolean;
}

function validInputs(located: LocatedOperation, components: Record<string, SpecSchema>): Inputs {
  const values = new Map<SpecParameter, string>();
  let sure = true;
  for (const parameter of located.operation.parameters ?? []) {
    const one = sample(parameter.schema, components);
    sure &&= one.sure;
    const value = Array.isArray(one.value) ? one.value[0] : one.value;
    values.set(parameter, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const bodySchema = located.operation.requestBody?.content['application/json']?.schema;
  if (!bodySchema) return { values, sure };
  const body = sample(bodySchema, components);
  return { values, body: JSON.stringify(body.value), sure: sure && body.sure };
}

/** A JSON value of another type than the body schema's. */
function wrongBody(schema: SpecSchema, components: Record<string, SpecSchema>): string {
  return nonNullTypes(resolve(schema, components))[0] === 'string' ? '12345' : '"not-the-declared-type"';
}

/**
 * The valid body with its first tuple (the body itself, or one in a property) given its first two
 * elements in each other's place, when the document refuses that: `["a", true]` as `[true, "a"]`.
 */
function swappedBody(making: Making, schema: SpecSchema, body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  const swapped = swappedTuple(schema, JSON.parse(body), making.document.components?.schemas ?? {}, 0);
  if (swapped === undefined || making.check.problem(schema, swapped) === undefined) return undefined;
  return JSON.stringify(swapped);
}

function swappedTuple(
  schema: SpecSchema,
  value: unknown,
  components: Record<string, SpecSchema>,
  depth: number,
): unknown {
  const resolved = resolve(schema, components);
  const positions = resolved.prefixItems ?? resolved['x-prefixItems'] ?? [];
  if (positions.length >= 2 && Array.isArray(value) && value.length >= 2)
    return [value[1], value[0], ...value.slice(2)];
  if (depth > 6 || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  for (const [name, inner] of Object.entries(value)) {
    const property = resolved.properties?.[name];
    const swapped = property && swappedTuple(property, inner, components, depth + 1);
    if (swapped !== undefined) return { ...value, [name]: swapped };
  }
  return undefined;
}

function dropUpgradeHeaders(draft: Draft): void {
  for (const parameter of [...draft.values.keys()])
    if (parameter.in === 'header') draft.values.delete(parameter);
}

function toCase(
  document: SpecDocument,
  prefix: string,
  located: LocatedOperation,
  credentials: Credentials,
  draft: Draft,
  label: string,
  kind: RequestCase['kind'],
  sure: boolean,
): RequestCase {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [parameter, value] of draft.values) {
    if (parameter.in === 'query') query.append(parameter.name, value);
    if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = value;
    if (parameter.in === 'cookie') cookies.push(`${parameter.name}=${encodeURIComponent(value)}`);
  }
  if (draft.secured) addCredentials(document, located, credentials, { query, headers, cookies });
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (draft.body !== undefined) headers['content-type'] = draft.contentType;
  const search = query.toString();
  const target = `${prefix}${fillPath(located.path, draft.values)}${search ? `?${search}` : ''}`;
  return { label, method: located.method, target, headers, body: draft.body, kind, sure, operation: located };
}

function addCredentials(
  document: SpecDocument,
  located: LocatedOperation,
  credentials: Credentials,
  into: { query: URLSearchParams; headers: Record<string, string>; cookies: string[] },
): void {
  for (const name of Object.keys(located.operation.security?.[0] ?? {})) {
    const scheme = document.components?.securitySchemes?.[name];
    const credential = credentials[name];
    if (!scheme || credential === undefined) throw new Error(`no credential given for the scheme ${name}`);
    if (scheme.type === 'http') into.headers.authorization = `Bearer ${credential}`;
    else if (scheme.in === 'query') into.query.set(scheme.name!, credential);
    else if (scheme.in === 'header') into.headers[scheme.name!.toLowerCase()] = credential;
    else if (scheme.in === 'cookie') into.cookies.push(`${scheme.name}=${credential}`);
  }
}

/** `/users/{id}` with the sampled (or given) path values, URL-encoded. */
function fillPath(path: string, values: Map<SpecParameter, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const given = [...values.entries()].find(
      ([parameter]) => parameter.in === 'path' && parameter.name === name,
    );
    return encodeURIComponent(given?.[1] ?? 'x1');
  });
}
