import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { setPortalTracer } from '@/server/db/traced-queries';

/**
 * The tracing instrumentation.ts sets up (server/telemetry/register-telemetry.ts): the portal's own
 * tracer provider, not registered globally, and the AsyncLocalStorage context manager — with the
 * given processors and an in-memory exporter whose spans a test reads. Once per test file (each
 * file runs in its own worker, with its own globals).
 */
export function registerTestTracing(processors: SpanProcessor[] = []): { spans: () => ReadableSpan[]; reset: () => void } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [...processors, new SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  setPortalTracer(provider.getTracer('traveldesk-b2b-test'));
  return { spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}
