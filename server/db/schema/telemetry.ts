import { bigserial, doublePrecision, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Telemetry kept by the portal when no collector is configured (docs/telemetry.md): what browsers
// sent to `/api/telemetry`, the analytics events, and the slow server spans. Kept for a few days,
// capped and pruned by a job. No foreign keys: the collector's inserts stay cheap, and a row
// outlives nothing it points at for longer than the retention.

export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** `page_view`, `page_view_performance`, `event`, `exception`, `metric`, `dependency`, `trace`. */
    kind: text('kind').notNull(),
    /** The page, event, metric or exception type's name (spec §9: up to 150 characters). */
    name: text('name').notNull(),
    /** 0 verbose … 3 error, 4 critical (exceptions and traces). */
    severity: smallint('severity'),
    /** An exception's or trace's message (up to 32,768 characters). */
    message: text('message'),
    /** A metric's value, a duration in milliseconds (page load, a vital, a failed call). */
    value: doublePrecision('value'),
    host: text('host').notNull(),
    /** The page's path (up to 2,048 characters). */
    path: text('path'),
    locale: text('locale'),
    /** The browser session (22 characters), renewed after 30 minutes idle, ended after 24 hours. */
    sessionId: text('session_id'),
    /** The browser's anonymous user id (a one-year cookie). */
    userId: text('user_id'),
    /** The signed-in agent's e-mail (spec §1: passed to analytics). */
    authUser: text('auth_user'),
    agencyId: uuid('agency_id'),
    /** The rest of the item: its properties, measurements, stack. */
    properties: jsonb('properties').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('telemetry_events_received_idx').on(t.receivedAt),
    index('telemetry_events_kind_idx').on(t.kind, t.occurredAt),
    index('telemetry_events_session_idx').on(t.sessionId, t.occurredAt),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** One of ANALYTICS_EVENTS (shared/telemetry/analytics-events.ts). */
    name: text('name').notNull(),
    host: text('host').notNull(),
    locale: text('locale'),
    sessionId: text('session_id'),
    authUser: text('auth_user'),
    agencyId: uuid('agency_id'),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.occurredAt), index('analytics_events_occurred_idx').on(t.occurredAt)],
);

export const telemetrySpans = pgTable(
  'telemetry_spans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    name: text('name').notNull(),
    /** `server`, `internal`, `client`… (OpenTelemetry's span kinds, lower case). */
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    /** `ok`, `error` or `unset`. */
    status: text('status').notNull(),
    host: text('host'),
    agencyId: uuid('agency_id'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
  },
  (t) => [index('telemetry_spans_started_idx').on(t.startedAt), index('telemetry_spans_trace_idx').on(t.traceId)],
);
