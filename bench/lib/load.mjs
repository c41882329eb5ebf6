// One autocannon run against a server, and the one-off answer check before any timing.
import autocannon from 'autocannon';
import { deepStrictEqual } from 'node:assert/strict';

/** Runs autocannon for `seconds` and returns requests per second plus what went wrong. */
export async function measure({ port, requests, seconds, connections, pipelining }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    pipelining,
    duration: seconds,
    requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
  });
  return {
    rps: result.requests.total / result.duration,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    latencyP99: result.latency.p99,
  };
}

/** Sends one request and checks status and (when given) the JSON body. Throws on a mismatch. */
export async function probe(port, request) {
  const res = await globalThis.fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  const where = `${request.method} ${request.path}`;
  if (res.status !== request.expect.status) {
    throw new Error(
      `${where}: status ${res.status}, expected ${request.expect.status}: ${text.slice(0, 300)}`,
    );
  }
  if (request.expect.json !== undefined) {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${where}: body is not JSON: ${text.slice(0, 300)}`);
    }
    if (request.expect.undeclared !== undefined && text.includes(`"${request.expect.undeclared}"`)) {
      throw new Error(
        `${where}: leaks the field "${request.expect.undeclared}" its declared type does not have (richer row than the type)`,
      );
    }
    try {
      deepStrictEqual(body, request.expect.json);
    } catch {
      throw new Error(
        `${where}: body ${text.slice(0, 300)}, expected ${JSON.stringify(request.expect.json)}`,
      );
    }
  }
}

export async function probeScenario(port, scenario) {
  for (const request of scenario.requests) await probe(port, request);
  if (scenario.rejects) await probe(port, scenario.rejects);
}
