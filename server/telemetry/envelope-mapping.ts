import 'server-only';
import type { analyticsEvents, telemetryEvents } from '@/server/db/schema';
import { isAnalyticsEvent } from '@/shared/telemetry/analytics-events';
import { type Envelope, LOCALE_MAX, NAME_MAX, URL_MAX } from './envelope-schema';

// One envelope of the browser SDK → one `telemetry_events` row (and an `analytics_events` row for
// a named analytics event), as docs/telemetry.md#collector lists. Pure: the collector adds what
// only the server knows — the host (the request's), the agency (the signed-in session's), never
// from the body — and the time it arrived.

export type TelemetryEventRow = typeof telemetryEvents.$inferInsert;
export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** What the server knows of the request an item came with. */
export type ItemContext = { host: string; agencyId: string | null; receivedAt: Date };

/** Spec §9: page-load timings over 60 s are dropped (the SDK drops them; a client that did not is refused the same). */
export const PAGE_LOAD_MAX_MS = 60_000;

export type MappedItem = { ok: true; event: TelemetryEventRow; analytics: AnalyticsEventRow | null } | { ok: false; reason: string };

/** The row kinds by the SDK's base type. */
export const KIND_OF_BASE_TYPE = {
  PageviewData: 'page_view',
  PageviewPerformanceData: 'page_view_performance',
  EventData: 'event',
  ExceptionData: 'exception',
  MetricData: 'metric',
  RemoteDependencyData: 'dependency',
  MessageData: 'trace',
} as const satisfies Record<Envelope['data']['baseType'], string>;

export type TelemetryKind = (typeof KIND_OF_BASE_TYPE)[keyof typeof KIND_OF_BASE_TYPE];

export function mapEnvelope(envelope: Envelope, context: ItemContext): MappedItem {
  const { data } = envelope;
  const tags = envelope.tags ?? {};
  // Locale and path have columns of their own; the other properties stay properties. (A loop, not
  // spreads and deletes: this runs for every item of 500 batches a second.)
  let locale: string | null = null;
  let namedPath: string | null = null;
  const custom: Record<string, unknown> = {};
  let customCount = 0;
  const source = data.baseData.properties;
  if (source) {
    for (const key in source) {
      const value = source[key];
      if (key === 'locale') locale = typeof value === 'string' && value !== '' ? value.slice(0, LOCALE_MAX) : null;
      else if (key === 'path') namedPath = typeof value === 'string' && value !== '' ? value.slice(0, URL_MAX) : null;
      else {
        custom[key] = value;
        customCount += 1;
      }
    }
  }
  // A page's path: its URL's, else the one the item names, else the SDK's operation (the page it was sent from).
  const operationPath = tags['ai.operation.name'] ? pathOf(tags['ai.operation.name']) : null;
  const measurements = data.baseData.measurements && Object.keys(data.baseData.measurements).length > 0 ? data.baseData.measurements : null;
  const base = {
    // The browser's clock, never ahead of ours: a clock in the future would keep a row past its retention.
    occurredAt: earliest(new Date(envelope.time), context.receivedAt),
    host: context.host,
    locale,
    sessionId: tags['ai.session.id'] ?? null,
    userId: tags['ai.user.id'] ?? null,
    authUser: tags['ai.user.authUserId'] ?? null,
    agencyId: context.agencyId,
  };
  const row = (fields: Omit<TelemetryEventRow, keyof typeof base | 'properties' | 'id' | 'receivedAt'> & { path?: string | null }, extra?: Record<string, unknown>): TelemetryEventRow => {
    let properties: Record<string, unknown> | null = null;
    const extras = extra ? Object.keys(extra).length : 0;
    if (customCount + extras > 0 || measurements) {
      properties = extras > 0 ? Object.assign(custom, extra) : custom;
      if (measurements) properties.measurements = measurements;
    }
    return { ...base, path: namedPath ?? operationPath, ...fields, properties };
  };

  switch (data.baseType) {
    case 'PageviewData': {
      const { baseData } = data;
      const path = baseData.url ? pathOf(baseData.url) : (namedPath ?? operationPath);
      return mapped(row({ kind: 'page_view', name: baseData.name || path || '', path, value: baseData.duration ?? null }, defined({ refUri: baseData.refUri })));
    }
    case 'PageviewPerformanceData': {
      const { baseData } = data;
      if (baseData.perfTotal > PAGE_LOAD_MAX_MS) return { ok: false, reason: `page load over ${PAGE_LOAD_MAX_MS / 1000} s` };
      const path = baseData.url ? pathOf(baseData.url) : (namedPath ?? operationPath);
      const phases = defined({ networkConnect: baseData.networkConnect, sentRequest: baseData.sentRequest, receivedResponse: baseData.receivedResponse, domProcessing: baseData.domProcessing });
      return mapped(row({ kind: 'page_view_performance', name: baseData.name || path || '', path, value: baseData.perfTotal }, phases));
    }
    case 'EventData': {
      const event = row({ kind: 'event', name: data.baseData.name });
      const analytics: AnalyticsEventRow | null = isAnalyticsEvent(data.baseData.name)
        ? { occurredAt: base.occurredAt, name: data.baseData.name, host: base.host, locale, sessionId: base.sessionId, authUser: base.authUser, agencyId: base.agencyId, properties: event.properties }
        : null;
      return { ok: true, event, analytics };
    }
    case 'ExceptionData': {
      const [first] = data.baseData.exceptions;
      return mapped(
        row(
          { kind: 'exception', name: first?.typeName || 'Error', message: first?.message ?? null, severity: data.baseData.severityLevel ?? 3 },
          defined({ stack: first?.stack, hasFullStack: first?.hasFullStack }),
        ),
      );
    }
    case 'MetricData': {
      const [first] = data.baseData.metrics;
      return mapped(row({ kind: 'metric', name: first!.name, value: first!.value }));
    }
    case 'RemoteDependencyData': {
      const { baseData } = data;
      const name = baseData.name || baseData.data || baseData.target || '';
      const extra = defined({ resultCode: baseData.resultCode === undefined ? undefined : String(baseData.resultCode), success: baseData.success, target: baseData.target, type: baseData.type, data: baseData.data });
      return mapped(row({ kind: 'dependency', name: name.slice(0, NAME_MAX), value: baseData.duration ?? null, severity: baseData.success === false ? 3 : null }, extra));
    }
    case 'MessageData': {
      const { baseData } = data;
      return mapped(row({ kind: 'trace', name: baseData.message.slice(0, NAME_MAX), message: baseData.message, severity: baseData.severityLevel ?? 1 }));
    }
  }
}

function mapped(event: TelemetryEventRow): MappedItem {
  return { ok: true, event, analytics: null };
}

/** `scheme://authority` then the path: the path, without query or fragment. */
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i;

/**
 * A URL's path (no query or fragment, which may carry what a person typed), or the string itself up
 * to its `?` when it is no URL. Read by a pattern, not `new URL()`: a path is all the collector
 * keeps, for every page view of 500 batches a second.
 */
export function pathOf(url: string): string {
  const absolute = ABSOLUTE_URL.exec(url);
  const path = absolute ? absolute[1] || '/' : url.split(/[?#]/, 1)[0]!;
  return path.length > URL_MAX ? path.slice(0, URL_MAX) : path;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key in record) if (record[key] !== undefined) kept[key] = record[key];
  return kept;
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
