/**
 * The request log: one line per request served over a socket (method, path without the query,
 * status, duration in ms, request id). JSON lines in production, for log collectors; a short
 * readable line in dev mode. Lines for standard error are buffered and written together (one
 * `write` for many requests, at most FLUSH_MS later), and flushed at exit.
 */
import type { LogOption } from '../app-types.js';
import type { Exchange } from './exchange.js';

export type RequestLogger = (ex: Exchange, startedMs: number) => void;

/**
 * `traceFields`: with OpenTelemetry (src/runtime/telemetry), the `"trace_id"` and `"span_id"`
 * members of the request whose line is being written (`,"trace_id":"…","span_id":"…"`), or ''.
 */
export function createRequestLog(
  sink: LogOption,
  dev: boolean,
  traceFields?: () => string,
): RequestLogger | undefined {
  if (sink === false) return undefined;
  const write = typeof sink === 'function' ? sink : bufferedStderr;
  const format = dev ? readableLine : traceFields === undefined ? jsonLine : withTrace(traceFields);
  return (ex, startedMs) => write(format(ex, Math.round((performance.now() - startedMs) * 100) / 100));
}

/** The JSON line with the trace's ids after the request id, for finding the request's trace. */
function withTrace(traceFields: () => string): (ex: Exchange, ms: number) => string {
  return (ex, ms) => {
    const line = jsonLine(ex, ms);
    const fields = traceFields();
    return fields === '' ? line : `${line.slice(0, -1)}${fields}}`;
  };
}

function statusOf(ex: Exchange): number {
  // An accepted WebSocket never writes through `res`: the upgrade answered 101.
  return ex.webSocketHandler !== undefined ? 101 : ex.res.statusCode;
}

/** Whether JSON must escape something in `value` (a path, still percent-encoded, rarely has any). */
function needsEscape(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x22 /* " */ || c === 0x5c /* \ */ || c >= 0x7f) return true;
  }
  return false;
}

function jsonString(value: string): string {
  return needsEscape(value) ? JSON.stringify(value) : `"${value}"`;
}

function jsonLine(ex: Exchange, ms: number): string {
  // The method is an HTTP token and the id sane by construction (request-id.ts); the path comes
  // from the client and is escaped when it needs to be.
  return `{"time":${Date.now()},"level":"info","msg":"request","method":"${ex.method}","path":${jsonString(ex.path)},"status":${statusOf(ex)},"ms":${ms},"id":"${ex.id}"}`;
}

function readableLine(ex: Exchange, ms: number): string {
  return `${ex.method} ${ex.path} ${statusOf(ex)} ${ms} ms ${ex.id}`;
}

let pending = '';
let timer: NodeJS.Timeout | undefined;
let exitHook = false;

/** Past this many characters the buffer is written at once; below, within FLUSH_MS. */
const FLUSH_CHARS = 32 * 1024;
/**
 * How long a line may wait for company. One write per turn of the event loop cost a fifth of
 * the hello scenario's throughput (bench/production-cost.mjs); a short timer makes one write
 * per many turns under load, and a quiet server still shows each line within this delay.
 */
const FLUSH_MS = 20;

function bufferedStderr(line: string): void {
  pending += line + '\n';
  if (pending.length > FLUSH_CHARS) flush();
  else if (timer === undefined) timer = setTimeout(flush, FLUSH_MS).unref();
  if (!exitHook) {
    exitHook = true;
    // Standard error is written synchronously to files and pipes, so this lands before exit.
    process.once('exit', flush);
  }
}

function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (pending === '') return;
  const out = pending;
  pending = '';
  process.stderr.write(out);
}
