import { context, SpanKind, trace } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { PortalSampler, registerTelemetry } from '@/server/telemetry/register-telemetry';
import { inSpan, tracer } from '@/server/telemetry/tracing';

// What runs without a collector (docs/telemetry.md#server): the portal's own provider, not a
// global one — Next turns its per-request spans on as soon as a global provider exists — and the
// context still follows awaits, so queries and jobs find their parent.

describe('telemetry without a collector', () => {
  it('registers no global tracer provider, yet the portal’s spans record and nest across awaits', async () => {
    await registerTelemetry({});
    const global = trace.getTracerProvider() as { getDelegate?: () => object };
    // Next's own check (isOpenTelemetryEnabled): the global provider's delegate is still the no-op one.
    expect(global.getDelegate?.().constructor.name).toBe('NoopTracerProvider');
    let inner: ReturnType<typeof trace.getActiveSpan>;
    await inSpan('action /en/checkout', {}, async (span) => {
      expect(span.isRecording()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inner = trace.getActiveSpan();
      expect(inner).toBe(span);
    });
    expect(tracer().startSpan('x').isRecording()).toBe(true);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});

describe('the sampler with a collector', () => {
  const sampler = new PortalSampler();
  const decide = (attributes: Record<string, string>) => sampler.shouldSample(context.active(), 'a'.repeat(32), 'name', SpanKind.INTERNAL, attributes).decision;

  it('records the request’s root span and every span of the portal, and leaves Next’s inner phases out', () => {
    expect(decide({ 'next.span_type': 'BaseServer.handleRequest' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ 'db.system.name': 'postgresql' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ 'next.span_type': 'AppRender.getBodyResult' })).toBe(SamplingDecision.NOT_RECORD);
    expect(decide({ 'next.span_type': 'NextNodeServer.startResponse' })).toBe(SamplingDecision.NOT_RECORD);
  });
});
