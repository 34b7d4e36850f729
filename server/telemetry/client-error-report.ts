import 'server-only';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { z } from 'zod';
import { CLIENT_ERROR_CODES } from '@/shared/telemetry/client-error-codes';
import { serverLog } from './logger';
import { countError } from './metrics';

/** Spec §9's telemetry limits: messages up to 32,768 characters, URLs up to 2,048. */
export const clientErrorReportSchema = z.object({
  /** Absent for a render error; else what failed (e.g. `CLIENT_SESSION_ERROR`). */
  code: z.enum(CLIENT_ERROR_CODES).optional(),
  message: z.string().max(32_768),
  stack: z.string().max(32_768).optional(),
  componentStack: z.string().max(32_768).optional(),
  digest: z.string().max(200).optional(),
  url: z.string().max(2048).optional(),
});

export type ClientErrorReport = z.output<typeof clientErrorReportSchema>;

/** The largest report the schema allows, in UTF-8 (up to 4 bytes a character), with room for JSON. */
export const MAX_CLIENT_ERROR_REPORT_BYTES = 4 * (3 * 32_768 + 2048 + 200) + 1024;

/**
 * A browser error, recorded as an exception with error severity (spec §8): a render error, or a
 * failure named by its code (`CLIENT_SESSION_ERROR`), which names the span and leads the log line.
 */
export function recordClientError(report: ClientErrorReport): void {
  const span = trace.getTracer('traveldesk-b2b').startSpan(report.code ? `client.${report.code}` : 'client.render_error');
  const error = Object.assign(new Error(report.message), { stack: report.stack });
  span.recordException(error);
  span.setAttributes({ 'log.severity': 'error', 'url.full': report.url ?? '', 'react.component_stack': report.componentStack ?? '' });
  span.setStatus({ code: SpanStatusCode.ERROR, message: report.message });
  span.end();
  // The full stacks travel with the span; the log line (JSON, with this span's trace id) stays short.
  countError('client');
  context.with(trace.setSpan(context.active(), span), () =>
    serverLog().error({ severity: 'error', code: report.code, message: report.message, digest: report.digest, url: report.url?.split('?')[0] }, report.code ? `client error ${report.code}` : 'client error'),
  );
}
