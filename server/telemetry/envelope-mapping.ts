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
  const custom = { ...data.baseData.properties };
  const locale = takeString(custom, 'locale', LOCALE_MAX);
  // A page's path: its URL's, else the one the item names, else the SDK's operation (the page it was sent from).
  const namedPath = takeString(custom, 'path', URL_MAX);
  const operationPath = tags['ai.operation.name'] ? pathOf(tags['ai.operation.name']) : null;
  const measurements = data.baseData.measurements && Object.keys(data.baseData.measurements).length > 0 ? { measurements: data.baseData.measurements } : {};
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
  const row = (fields: Omit<TelemetryEventRow, keyof typeof base | 'properties' | 'id' | 'receivedAt'> & { path?: string | null }, extra: Record<string, unknown> = {}): TelemetryEventRow => {
    const properties = { ...custom, ...extra, ...measurements };
    return { ...base, path: namedPath ?? operationPath, ...fields, properties: Object.keys(properties).length > 0 ? properties : null };
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

/** A URL's path (no query or fragment, which may carry what a person typed), or the string itself up to its `?` when it is no URL. */
export function pathOf(url: string): string {
  if (url.startsWith('/')) return url.split(/[?#]/, 1)[0]!.slice(0, URL_MAX);
  try {
    return new URL(url).pathname.slice(0, URL_MAX);
  } catch {
    return url.split(/[?#]/, 1)[0]!.slice(0, URL_MAX);
  }
}

/** Removes and returns a string property (the ones the collector stores in their own column). */
function takeString(record: Record<string, unknown>, key: string, max: number): string | null {
  const value = record[key];
  if (value === undefined) return null;
  delete record[key];
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : null;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
