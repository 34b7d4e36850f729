import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { registerOTel } from '@vercel/otel';

/**
 * The tracer provider instrumentation.ts registers (@vercel/otel, its context manager and
 * propagators), with the given processors and an in-memory exporter whose spans a test reads.
 * Once per test file (each file runs in its own worker, with its own globals).
 */
export function registerTestTracing(processors: SpanProcessor[] = []): { spans: () => ReadableSpan[]; reset: () => void } {
  const exporter = new InMemorySpanExporter();
  registerOTel({ serviceName: 'traveldesk-b2b-test', spanProcessors: [...processors, new SimpleSpanProcessor(exporter)], instrumentations: [] });
  return { spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}
