/**
 * The two HTTP server metrics of the semantic conventions: `http.server.request.duration` (a
 * histogram in seconds) and `http.server.active_requests` (an up-down counter). Made once at
 * start-up from the global meter provider, so the SDK must be registered before `createApp`.
 */
import type { Attributes, Histogram, UpDownCounter } from '@opentelemetry/api';
import type { OpenTelemetryApi } from './load.js';

export interface ServerMetrics {
  duration: Histogram;
  active: UpDownCounter;
}

/** The conventions' advice for HTTP durations: 5 ms to 10 s. */
const DURATION_BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export function createServerMetrics(api: OpenTelemetryApi, version: string): ServerMetrics {
  const meter = api.metrics.getMeter('svcjs', version);
  return {
    duration: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BOUNDARIES },
    }),
    active: meter.createUpDownCounter('http.server.active_requests', {
      description: 'Number of active HTTP server requests.',
      unit: '{request}',
    }),
  };
}

export type { Attributes };
