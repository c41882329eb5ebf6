/**
 * One run of the spec tester over the documents of one app against its one running server: the
 * cases of each document (cases.ts, in that document's dialect), each distinct request sent once
 * (the three documents mostly yield the same requests, and a second send of a request that
 * changed the server's state, a POST that adds, would be answered otherwise), every answer checked
 * against each document that asked for it (check.ts). Then the documents are held against each
 * other: the same operations, and the same verdict on every request they all make.
 */
import { casesOf, type Credentials, type RequestCase } from './cases.js';
import { findings, send, type Answer } from './check.js';
import { SchemaCheck } from './schema-check.js';
import { operationsOf, type SpecDocument, type SpecVersion } from './spec-types.js';

export interface TesterOptions {
  credentials: Credentials;
  /** Operations written to crash (they test the 500 answer), as `METHOD /path`. */
  crashes?: string[];
  /** Path prefix under the server; each document's first server URL when left out. */
  prefix?: string;
}

/** One document's part of a run: its cases and the answer each got. */
export interface VersionRun {
  cases: RequestCase[];
  answers: Answer[];
}

export interface TesterRun {
  /** What an answer says against a document, as `<version> <case>: <sentence>`. */
  findings: string[];
  /** Where the documents disagree with each other, naming the versions. */
  disagreements: string[];
  byVersion: Partial<Record<SpecVersion, VersionRun>>;
  /** Requests sent: the distinct ones among every document's cases. */
  sent: number;
}

type Documents = Partial<Record<SpecVersion, SpecDocument>>;

/** What one document concludes about one request: its kind and its findings. */
type Verdicts = Map<string, { label: string; verdict: string }>;

export async function runTester(
  base: string,
  documents: Documents,
  options: TesterOptions,
): Promise<TesterRun> {
  const answers = new Map<string, Answer>();
  const run: TesterRun = { findings: [], disagreements: [], byVersion: {}, sent: 0 };
  const verdicts = new Map<SpecVersion, Verdicts>();
  for (const [version, document] of entries(documents)) {
    const check = new SchemaCheck(document);
    const prefix = options.prefix ?? (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
    const cases = casesOf(document, prefix, options.credentials, check);
    const mine: Verdicts = new Map();
    const part: VersionRun = { cases, answers: [] };
    for (const request of cases) {
      request.mayCrash = crashes(request, options.crashes ?? []);
      const key = requestKey(request);
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = await send(base, request)));
      part.answers.push(answer);
      const found = findings(document, check, request, answer);
      for (const finding of found) run.findings.push(`${version} ${request.label}: ${finding}`);
      const earlier = mine.get(key)?.verdict;
      const verdict = `${request.kind}, ${found.length === 0 ? 'agrees' : found.join('; ')}`;
      mine.set(key, { label: request.label, verdict: earlier ? `${earlier} / ${verdict}` : verdict });
    }
    run.byVersion[version] = part;
    verdicts.set(version, mine);
  }
  run.sent = answers.size;
  run.disagreements = [...operationDisagreements(documents), ...verdictDisagreements(verdicts)];
  return run;
}

function entries(documents: Documents): [SpecVersion, SpecDocument][] {
  return Object.entries(documents) as [SpecVersion, SpecDocument][];
}

function crashes(request: RequestCase, crashing: string[]): boolean {
  const where = request.operation && `${request.operation.method} ${request.operation.path}`;
  return where !== undefined && crashing.includes(where);
}

/** Equal exactly when the requests are the same on the wire: method, target, headers, body, upgrade. */
export function requestKey(request: RequestCase): string {
  const headers = Object.entries(request.headers).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([request.method, request.target, headers, request.body ?? null, !!request.upgrade]);
}

/** Each operation (method and path) one document has and another lacks. */
function operationDisagreements(documents: Documents): string[] {
  const sets = entries(documents).map(
    ([version, document]) =>
      [version, new Set(operationsOf(document).map((one) => `${one.method} ${one.path}`))] as const,
  );
  const all = new Set(sets.flatMap(([, operations]) => [...operations]));
  const found: string[] = [];
  for (const operation of [...all].sort()) {
    const having = sets.filter(([, operations]) => operations.has(operation)).map(([version]) => version);
    if (having.length < sets.length) found.push(`only ${having.join(', ')} have the operation ${operation}`);
  }
  return found;
}

/** Each request every document made whose verdicts differ, with each version's verdict. */
function verdictDisagreements(verdicts: Map<SpecVersion, Verdicts>): string[] {
  const [first, ...others] = [...verdicts.values()];
  const found: string[] = [];
  for (const [key, { label }] of first ?? new Map<string, { label: string }>()) {
    if (!others.every((other) => other.has(key))) continue;
    const each = [...verdicts].map(([version, mine]) => [version, mine.get(key)!.verdict] as const);
    if (new Set(each.map(([, verdict]) => verdict)).size > 1)
      found.push(`${label}: ${each.map(([version, verdict]) => `${version} ${verdict}`).join(' | ')}`);
  }
  return found;
}
