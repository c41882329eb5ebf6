/**
 * The OpenTelemetry API, when the app has it. svc does not depend on it: it is imported once at
 * start-up, and an app without it (or with `telemetry: false`, which never asks) serves every
 * request through the same code as before telemetry existed.
 */
export type OpenTelemetryApi = typeof import('@opentelemetry/api');

/**
 * `@opentelemetry/api` resolved from svc's own place, which in an installed app is the app's
 * `node_modules`; undefined when it cannot be imported. One copy or several, the API keeps the
 * registered SDK in a process-wide global, so any copy sees the app's tracer and meter providers.
 */
export async function loadOpenTelemetryApi(): Promise<OpenTelemetryApi | undefined> {
  try {
    return await import('@opentelemetry/api');
  } catch {
    return undefined;
  }
}
