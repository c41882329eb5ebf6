/**
 * Whether any copy of the OpenTelemetry API registered a global: it keeps them (providers,
 * propagator, context manager) under `Symbol.for('opentelemetry.js.api.<major>')`, made at the
 * first registration. Without one no SDK is registered, and neither the API nor svc's telemetry
 * modules are imported at all: with the API installed but unused, its ~40 CommonJS modules were a
 * tenth of a 500-route app's start-up. Apart from index.ts so `createApp` can ask before loading it.
 */
export function registeredGlobally(): boolean {
  return Object.getOwnPropertySymbols(globalThis).some(
    (key) => key.description?.startsWith('opentelemetry.js.api.') === true,
  );
}
