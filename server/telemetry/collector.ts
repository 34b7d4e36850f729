import 'server-only';
import { countBatchedCall } from '@/server/auth/rate-limits';
import type { Database } from '@/server/db/connection';
import { isDatabaseKnownDown } from '@/server/db/health';
import { Maintenance, TooManyRequests } from '@/server/errors';
import { requestHostName } from '@/server/hosts/request-host';
import { addressBucket, clientAddress } from '@/server/http/client-address';
import { type AnalyticsEventRow, mapEnvelope, type TelemetryEventRow } from './envelope-mapping';
import { forwardToOtlp } from './otlp-forwarding';
import { agencyOfRequest } from './request-agency';
import { parseTelemetryBatch } from './telemetry-batch';
import { TELEMETRY_RATE_WINDOW_SECONDS, telemetrySettings } from './telemetry-settings';
import { storeTelemetryRows } from './telemetry-store';

// `/api/telemetry`, the browser SDK's collector (docs/telemetry.md#collector): size-limited by the
// route (413), rate-limited per client address and per browser session (429 with Retry-After),
// each item checked alone (206 names the ones dropped; 400 when none could be read), stored
// (server/telemetry/telemetry-store.ts) and forwarded over OTLP when a collector is configured.
// Answers in the Application Insights ingestion format, whose codes the SDK acts on: it sends a
// batch again after 408, 429, 500, 502, 503 and 504 (and 401), and an item again when a 206 names
// it with one of those codes; 400 and 413 it drops.

/**
 * The largest body taken. The SDK sends a batch once it reaches 102,400 bytes, so a batch is that
 * plus the item that crossed it; an item can be as large as a 32,768-character message and stack
 * escaped in JSON. 256 KiB leaves that room; past it, 413 before anything is read.
 */
export const TELEMETRY_MAX_BYTES = 256 * 1024;

/** Waited by a client whose batch found the buffer full (the SDK's own back-off applies after it). */
const FULL_RETRY_AFTER_SECONDS = 5;

/** An item's error in the answer: its index in the batch, the status the SDK acts on, why. */
export type ItemError = { index: number; statusCode: number; message: string };
export type CollectorAnswer = { itemsReceived: number; itemsAccepted: number; errors: ItemError[] };

const HEADERS = { 'cache-control': 'private, no-store' } as const;

function answer(body: CollectorAnswer, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } });
}

/** One batch from a browser: counted, read, mapped, stored; the SDK's answer. */
export async function collectTelemetry(request: Request, bytes: Uint8Array, db: Database, now = new Date()): Promise<Response> {
  // Nothing could be stored: the SDK keeps the batch and sends it again (spec §8's 503).
  if (isDatabaseKnownDown()) throw new Maintenance();
  const settings = telemetrySettings();
  // The address first, before any reading: a flood costs a counter, not a parse.
  await admit(db, `telemetry:address:${addressBucket(clientAddress(request.headers))}`, settings.perAddress, now);

  const batch = parseTelemetryBatch(bytes);
  if (batch.kind === 'malformed') return answer({ itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: 400, message: batch.reason }] }, 400);

  // The browser session (else its anonymous user) the batch comes from: one runaway page cannot
  // spend everything its office's shared address may send.
  const client = batch.items.find((item) => 'envelope' in item && (item.envelope.tags?.['ai.session.id'] || item.envelope.tags?.['ai.user.id']));
  const clientId = client && 'envelope' in client ? (client.envelope.tags?.['ai.session.id'] ?? client.envelope.tags?.['ai.user.id']) : undefined;
  if (clientId) await admit(db, `telemetry:session:${clientId}`, settings.perSession, now);

  const context = { host: requestHostName(request), agencyId: await agencyOfRequest(request, db, now.getTime()), receivedAt: now };
  const events: TelemetryEventRow[] = [];
  const analytics: AnalyticsEventRow[] = [];
  const errors: ItemError[] = [];
  for (const item of batch.items) {
    if ('error' in item) {
      errors.push({ index: item.index, statusCode: 400, message: item.error });
      continue;
    }
    const mapped = mapEnvelope(item.envelope, context);
    if (!mapped.ok) {
      errors.push({ index: item.index, statusCode: 400, message: mapped.reason });
      continue;
    }
    events.push(mapped.event);
    if (mapped.analytics) analytics.push(mapped.analytics);
  }
  const received = batch.items.length;
  if (events.length === 0) return answer({ itemsReceived: received, itemsAccepted: 0, errors }, 400);

  if (!(await storeTelemetryRows(db, { events, analytics, bytes: bytes.byteLength }))) {
    // The buffer is full (the database is slow or away): the SDK keeps the batch and retries.
    return answer({ itemsReceived: received, itemsAccepted: 0, errors: [] }, 503, { 'retry-after': String(FULL_RETRY_AFTER_SECONDS) });
  }
  forwardToOtlp(events);
  return answer({ itemsReceived: received, itemsAccepted: events.length, errors }, errors.length > 0 ? 206 : 200);
}

async function admit(db: Database, key: string, limit: number, now: Date): Promise<void> {
  // Written to the shared counters in the background: no batch waits for a counter's row.
  const decision = await countBatchedCall(db, [{ key, limit }], TELEMETRY_RATE_WINDOW_SECONDS, now, 'background');
  if (!decision.allowed) throw new TooManyRequests(decision.retryAfterSeconds);
}
