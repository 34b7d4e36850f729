import { SpanStatusCode, trace } from '@opentelemetry/api';
import { z } from 'zod';

const reportSchema = z.object({
  message: z.string().max(32_768),
  stack: z.string().max(32_768).optional(),
  componentStack: z.string().max(32_768).optional(),
  digest: z.string().max(200).optional(),
  url: z.string().max(2048).optional(),
});

/** Browser render errors, recorded as an exception with error severity (spec §8). */
export async function POST(request: Request) {
  const parsed = reportSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return new Response(null, { status: 422 });
  const report = parsed.data;
  const span = trace.getTracer('traveldesk-b2b').startSpan('client.render_error');
  const error = Object.assign(new Error(report.message), { stack: report.stack });
  span.recordException(error);
  span.setAttributes({ 'log.severity': 'error', 'url.full': report.url ?? '', 'react.component_stack': report.componentStack ?? '' });
  span.setStatus({ code: SpanStatusCode.ERROR, message: report.message });
  span.end();
  // The full stacks travel with the span; the log line stays one readable line.
  console.error('[client-error]', JSON.stringify({ severity: 'error', message: report.message, digest: report.digest, url: report.url }));
  return new Response(null, { status: 204 });
}
