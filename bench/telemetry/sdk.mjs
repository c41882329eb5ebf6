// Registered with --import before the bench server starts: the OpenTelemetry SDK as a
// production app sets it up, less the network: a BatchSpanProcessor feeding an exporter that
// drops the spans, the AsyncLocalStorage context manager, the W3C propagator, and a meter
// provider whose reader is never asked (the instruments still aggregate every record).
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

const dropping = {
  export: (spans, done) => done({ code: ExportResultCode.SUCCESS }),
  shutdown: () => Promise.resolve(),
};

class IdleReader extends MetricReader {
  onShutdown() {
    return Promise.resolve();
  }
  onForceFlush() {
    return Promise.resolve();
  }
}

// SVC_BENCH_OTEL leaves parts out, to tell their costs apart: 'no-context' (context.with is then
// a plain call: no AsyncLocalStorage), 'metrics-only' (no tracer provider).
const variant = process.env.SVC_BENCH_OTEL ?? '';
if (variant !== 'metrics-only') {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] }),
  );
}
if (variant !== 'no-context') context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new IdleReader()] }));
