/**
 * The OpenTelemetry SDK as an app registers it, for the telemetry tests: a tracer provider with
 * an in-memory exporter, the AsyncLocalStorage context manager, the W3C trace-context
 * propagator and a meter provider read by a pull `MetricReader`. Registered when imported, so
 * before the test file's apps are created (svc makes its instruments at start-up).
 */
import { context, metrics, propagation, trace, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Resolves a promise per span that ends, so a test waits on the event, never on time. */
class EndedSpans implements SpanProcessor {
  private waiters: { id: string; resolve: (span: ReadableSpan) => void }[] = [];

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    const id = span.attributes['svc.request_id'];
    const ready = this.waiters.filter((waiter) => waiter.id === id);
    this.waiters = this.waiters.filter((waiter) => waiter.id !== id);
    for (const waiter of ready) waiter.resolve(span);
  }

  /** The span of the request with this `X-Request-Id`, once it has ended. */
  ended(id: string): Promise<ReadableSpan> {
    const done = exporter.getFinishedSpans().find((span) => span.attributes['svc.request_id'] === id);
    if (done !== undefined) return Promise.resolve(done);
    return new Promise((resolve) => this.waiters.push({ id, resolve }));
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** A pull reader: the test collects when it wants to look. */
class PullReader extends MetricReader {
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }

  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
}

export const exporter = new InMemorySpanExporter();
export const spans = new EndedSpans();
export const reader = new PullReader();

trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter), spans] }),
);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

/** The spans whose request id is `id` that have ended so far. */
export function spansOf(id: string): ReadableSpan[] {
  return exporter.getFinishedSpans().filter((span) => span.attributes['svc.request_id'] === id);
}

/** The data points of one metric of svc's meter, as collected now. */
export async function dataPoints(name: string): Promise<DataPoint<number | Histogram>[]> {
  const { resourceMetrics } = await reader.collect();
  const scope = resourceMetrics.scopeMetrics.find((scoped) => scoped.scope.name === 'svcjs');
  const metric = scope?.metrics.find((candidate) => candidate.descriptor.name === name);
  return (metric?.dataPoints ?? []) as DataPoint<number | Histogram>[];
}

/** The attributes of a point, for comparing with an exact set. */
export function attributesOf(point: { attributes: Attributes }): Attributes {
  return { ...point.attributes };
}
