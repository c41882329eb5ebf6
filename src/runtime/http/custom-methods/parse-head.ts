/**
 * A strict parser for the head (request line and header fields, RFC 9112) of a request whose
 * method Node's parser refused. Only what svc needs: origin-form and absolute-form targets
 * (`/path?q`, `http://host/path?q`; the request handler routes on the path), HTTP/1.0 and 1.1,
 * no obsolete line folding.
 */
import { CUSTOM_METHOD_NAME } from '../../../model/http-methods.js';

export interface RequestHead {
  method: string;
  url: string;
  httpVersionMajor: number;
  httpVersionMinor: number;
  /** Alternating names (as sent) and values, like `IncomingMessage.rawHeaders`. */
  rawHeaders: string[];
}

export type HeadParse =
  | { state: 'incomplete' }
  | { state: 'invalid'; reason: string }
  | { state: 'complete'; head: RequestHead; bodyOffset: number };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const REQUEST_LINE = /^([^ ]+) ([^ ]+) HTTP\/(\d)\.(\d)$/;
/** A target of visible ASCII, origin-form or an absolute `http(s)` URI (RFC 9112 §3.2.1-3.2.2). */
const TARGET = /^(?:\/|https?:\/\/)[\x21-\x7e]*$/i;
/** Field values: visible characters, spaces and tabs (obs-text allowed, controls not). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const CR = 0x0d;
const LF = 0x0a;
const HEAD_END_LENGTH = 4;

export type HeadEnd =
  { state: 'incomplete' } | { state: 'invalid'; reason: string } | { state: 'found'; end: number };

/**
 * Where the head ends (index of the blank line's CRLFCRLF). A bare LF or a CR without its LF is
 * refused at once: a peer that frames lines differently from svc must not be served a guess.
 * `from` skips bytes an earlier call already checked, so a slow head is scanned once.
 */
export function findHeadEnd(buffer: Buffer, from = 0): HeadEnd {
  for (let i = from; i < buffer.length; i++) {
    const byte = buffer[i];
    if (byte === LF && buffer[i - 1] !== CR)
      return { state: 'invalid', reason: 'a line ends with a bare LF' };
    if (byte === CR && i + 1 < buffer.length && buffer[i + 1] !== LF) {
      return { state: 'invalid', reason: 'a CR is not followed by LF' };
    }
    if (byte === LF && i >= 3 && buffer[i - 2] === LF) return { state: 'found', end: i - 3 };
  }
  return { state: 'incomplete' };
}

/** How far `findHeadEnd` may skip next time: a CRLFCRLF can straddle the last three bytes. */
export function headScanResume(buffer: Buffer): number {
  return Math.max(buffer.length - (HEAD_END_LENGTH - 1), 0);
}

export function parseRequestHead(buffer: Buffer, scanFrom = 0): HeadParse {
  const found = findHeadEnd(buffer, scanFrom);
  if (found.state !== 'found') return found;
  const end = found.end;
  // latin1 keeps every byte as one character, like Node's own parser does for header values.
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const requestLine = parseRequestLine(lines[0] ?? '');
  if (typeof requestLine === 'string') return { state: 'invalid', reason: requestLine };
  const rawHeaders: string[] = [];
  for (const line of lines.slice(1)) {
    const field = parseField(line);
    if (typeof field === 'string') return { state: 'invalid', reason: field };
    rawHeaders.push(field[0], field[1]);
  }
  return { state: 'complete', head: { ...requestLine, rawHeaders }, bodyOffset: end + HEAD_END_LENGTH };
}

function parseRequestLine(line: string): Omit<RequestHead, 'rawHeaders'> | string {
  const match = REQUEST_LINE.exec(line);
  if (!match) return `malformed request line '${printable(line)}'`;
  const [, method = '', url = '', major = '', minor = ''] = match;
  if (!TOKEN.test(method)) return `malformed method '${printable(method)}'`;
  // A method that is a token but not upper case (`get`) is no method svc serves, and a proxy
  // may read it as another one: refuse it rather than answer 501 with the connection in doubt.
  if (!CUSTOM_METHOD_NAME.test(method)) return `invalid method '${printable(method)}'`;
  if (!TARGET.test(url)) return `malformed request target '${printable(url)}'`;
  if (major !== '1' || (minor !== '0' && minor !== '1')) return `unsupported HTTP version ${major}.${minor}`;
  return { method, url, httpVersionMajor: 1, httpVersionMinor: Number(minor) };
}

function parseField(line: string): [string, string] | string {
  const colon = line.indexOf(':');
  if (colon <= 0) return `malformed header line '${printable(line)}'`;
  const name = line.slice(0, colon);
  // A leading space or tab is obsolete line folding, and a space before the colon is forbidden.
  if (!TOKEN.test(name)) return `malformed header name '${printable(name)}'`;
  const value = trimSpacesAndTabs(line.slice(colon + 1));
  if (!FIELD_VALUE.test(value)) return `malformed value of header '${name}'`;
  return [name, value];
}

/** Trims optional whitespace around a field value (a scan: a trimming regex backtracks on long runs). */
function trimSpacesAndTabs(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(start, end);
}

/** Quotes client bytes in an error message without control characters, and not too many. */
function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}...` : clean;
}

/**
 * The headers object Node builds from raw headers: lower-case names; `set-cookie` an array;
 * `cookie` joined with '; '; a repeat of a header that may appear once is dropped; others
 * joined with ', '.
 */
export function headersObject(rawHeaders: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    const existing = headers[name];
    if (existing === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (name === 'cookie') headers[name] = `${existing}; ${value}`;
    else if (!SINGLE_VALUED.has(name)) headers[name] = `${existing}, ${value}`;
  }
  return headers;
}

/** Headers Node keeps the first value of (see `IncomingMessage._addHeaderLine`). */
const SINGLE_VALUED = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);
