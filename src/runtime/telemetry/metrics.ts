/**
 * The two HTTP server metrics of the semantic conventions: `http.server.request.duration` (a
 * histogram in seconds) and `http.server.active_requests` (an up-down counter). Made once at
 * start-up from the global meter provider, so the SDK must be registered before `createApp`.
 */
import type { Attributes, Histogram } from '@opentelemetry/api';
import type { OpenTelemetryApi } from './load.js';

/** The conventions' advice for HTTP durations: 5 ms to 10 s. */
const DURATION_BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export class ServerMetrics {
  readonly duration: Histogram;
  /**
   * Requests in flight by attribute set (one shared object per method and scheme). The counter
   * is the asynchronous kind, read when the meter collects: a synchronous one costs two SDK
   * records (each hashing its attributes) per request, which took a third of the hello route's
   * throughput where counting here costs next to nothing (bench/telemetry-cost.mjs).
   */
  private readonly active = new Map<Attributes, number>();

  constructor(api: OpenTelemetryApi, version: string) {
    const meter = api.metrics.getMeter('svcjs', version);
    this.duration = meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BOUNDARIES },
    });
    meter
      .createObservableUpDownCounter('http.server.active_requests', {
        description: 'Number of active HTTP server requests.',
        unit: '{request}',
      })
      .addCallback((result) => {
        for (const [attributes, count] of this.active) result.observe(count, attributes);
      });
  }

  started(common: Attributes): void {
    this.active.set(common, (this.active.get(common) ?? 0) + 1);
  }

  ended(common: Attributes): void {
    this.active.set(common, (this.active.get(common) ?? 1) - 1);
  }
}

export type { Attributes };
