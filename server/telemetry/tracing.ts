import 'server-only';
import { type Attributes, type Context, context, createContextKey, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { portalTracer, REQUEST_ATTRIBUTES } from '@/server/db/traced-queries';
import type { Role } from '@/shared/auth/permissions';

// The portal's own spans (docs/telemetry.md#server): one per server action, route handler,
// payment provider call, supplier call and background job, beside Next's own request spans and
// the database queries' (server/db/traced-queries.ts). Who asked is on every span of a request as
// three attributes — the agency, the agent's role and id, the host — and nothing else about the
// person (no name, e-mail or address: a trace store is not the place for personal data).

export const TRACER_NAME = 'traveldesk-b2b';

export function tracer() {
  return portalTracer();
}

/** The attribute names every span of a signed-in request carries. */
export const ATTR = {
  agencyId: 'traveldesk.agency.id',
  agentId: 'traveldesk.agent.id',
  agentRole: 'traveldesk.agent.role',
  staffId: 'traveldesk.staff.id',
  staffRole: 'traveldesk.staff.role',
  host: 'server.address',
} as const;

/** An agent's attributes: the agency, the agent's id and role. */
export function agentAttributes(principal: { userId: string; agencyId: string; role: Role }): Attributes {
  return { [ATTR.agencyId]: principal.agencyId, [ATTR.agentId]: principal.userId, [ATTR.agentRole]: principal.role };
}

/** A staff member's attributes: the id and the console role. */
export function staffAttributes(staff: { staffId: string; role: string }): Attributes {
  return { [ATTR.staffId]: staff.staffId, [ATTR.staffRole]: staff.role };
}

/**
 * The host the visitor asked for: `X-Forwarded-Host` (kept only as trusted proxies wrote it,
 * server/platform/peer-address.ts), else `Host`. Lower case, at most 255 characters.
 */
export function hostOf(headers: Pick<Headers, 'get'>): string | undefined {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  return host ? host.toLowerCase().slice(0, 255) : undefined;
}

/**
 * The context key of the request's root span (server/telemetry/request-span.ts), made only when a
 * collector is configured: who asked is set on it as well as on the spans under it.
 */
export const REQUEST_SPAN = createContextKey('traveldesk.request.span');

/**
 * `context` with `attributes` added to what every span started under it carries (the span store
 * copies them at start), and set on the request's root span when there is one.
 */
export function withRequestAttributes(attributes: Attributes, parent: Context = context.active()): Context {
  (parent.getValue(REQUEST_SPAN) as Span | undefined)?.setAttributes(attributes);
  const inherited = parent.getValue(REQUEST_ATTRIBUTES) as Attributes | undefined;
  return parent.setValue(REQUEST_ATTRIBUTES, inherited ? { ...inherited, ...attributes } : attributes);
}

/** The request attributes of `ctx` (set by `withRequestAttributes`). */
export function requestAttributesOf(ctx: Context): Attributes | undefined {
  return ctx.getValue(REQUEST_ATTRIBUTES) as Attributes | undefined;
}

type SpanOptions = { kind?: SpanKind; attributes?: Attributes; root?: boolean; parent?: Context };

/**
 * Runs `work` in a new active span named `name`: ended when the promise settles, with error
 * status (and the exception recorded) when it rejects. Next's own signals thrown through it
 * (redirect, notFound) are not errors: the caller marks what it knows is a failure.
 */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, root: options.root }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    if (!isNextSignal(error)) markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Error status, with the exception's type and message (never its data) recorded on the span. */
export function markFailed(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException({ name: error.name, message: error.message, stack: error.stack });
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) });
}

/** Next's redirect()/notFound()/dynamic-rendering signals carry a `digest` starting with NEXT_ or are its bailout. */
function isNextSignal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_') || digest === 'DYNAMIC_SERVER_USAGE' || digest === 'BAILOUT_TO_CLIENT_SIDE_RENDERING');
}

/** The trace and span id of the active span, for a log line (absent outside any span). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return trace.isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : undefined;
}
