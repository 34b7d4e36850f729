import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, type TextMapGetter, trace, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { RequestWrapper } from '@/server/platform/request-spans';
import { ATTR, REQUEST_SPAN } from './tracing';

// Every request's root span (docs/telemetry.md#server), one per request and made by the portal's
// own tracer, not Next's (server/platform/request-spans.ts says why): `GET /tour/…` with the
// method, the path (never the query string), the answer's status and the host; the action and
// route wrappers add the agency and the agent's role once the caller is known
// (`withRequestAttributes`). The portal's spans of that request are its children. A request
// arriving with a W3C `traceparent` (a proxy or a caller that traces) continues that trace.

const propagator = new W3CTraceContextPropagator();

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** At most this much of a path names the span. */
const MAX_PATH = 200;

export type RequestDone = (seconds: number, method: string, status: number) => void;

/** The wrapper of every request: its root span, ended when the response closes; `done` gets its duration (the request metric). */
export function requestSpans(tracer: Tracer, done?: RequestDone): RequestWrapper {
  return (request, response, serve) => {
    const started = performance.now();
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = (query === -1 ? url : url.slice(0, query)).slice(0, MAX_PATH);
    const parent = request.headers.traceparent === undefined ? ROOT_CONTEXT : propagator.extract(ROOT_CONTEXT, request.headers, headerGetter);
    const span = tracer.startSpan(`${method} ${path}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } }, parent);
    response.once('close', () => onClose(request, response, span, started, method, done));
    // The active span is a non-recording stand-in with the root's ids: the portal's spans still
    // nest under the root, and Next, finding no recording span and no global provider, keeps its
    // tracing off (its isOpenTelemetryEnabled) — its spans and their bookkeeping were most of the
    // root span's cost (docs/telemetry.md#server). The root itself is under REQUEST_SPAN.
    return context.with(trace.setSpan(parent, trace.wrapSpanContext(span.spanContext())).setValue(REQUEST_SPAN, span), serve);
  };
}

function onClose(request: IncomingMessage, response: ServerResponse, span: ReturnType<Tracer['startSpan']>, started: number, method: string, done?: RequestDone): void {
  const status = response.statusCode;
  // Read at the end: by then the forwarded-header hook has kept only what trusted proxies wrote.
  const host = hostOf(request.headers);
  span.setAttribute('http.response.status_code', status);
  if (host) span.setAttribute(ATTR.host, host);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  else if (!response.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the connection closed before the answer was sent' });
  span.end();
  done?.((performance.now() - started) / 1000, method, status);
}

/** As `hostOf` in tracing.ts, from Node's header object. */
function hostOf(headers: IncomingHttpHeaders): string | undefined {
  const forwarded = headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || headers.host;
  return host ? host.toLowerCase().slice(0, 255) : undefined;
}
