// Durable background jobs (DESIGN.md "Background jobs"): hold expiry, webhook delivery, refunds,
// reconciliation. One interface, two backends: pg-boss on PostgreSQL (exactly one runner per job
// across portal processes) and a table polled in the one server process on the embedded database.
// Handlers must be idempotent: a job may run again after a crash between its work and its ack.

import 'server-only';
export const JOB_NAMES = [
  /** The sandbox gateway posts a signed event to the portal's webhook URL (server/payments/providers/sandbox). */
  'payments.deliverWebhook',
  /** A booking's stock hold ran out: settle with the provider, then give the stock back. */
  'payments.expireHold',
  /** The sandbox gateway finishes a "processing" test card a little later, as a bank would. */
  'payments.sandboxProcessing',
  /** Asks the provider for a payment's state and settles it ("processing" cards, lost webhooks). */
  'payments.settle',
  /** Sends a refund to its provider until the provider takes it. */
  'payments.refund',
  /** The safety net: open payments and due holds whose jobs were lost are settled and expired. */
  'payments.reconcile',
  /** After a month ends, its invoices are issued (idempotent); invoices since paid are marked paid. */
  'credit.monthly',
  /** Verified widget domains not checked for a while are looked up again; one whose records went fails. */
  'widgets.recheckDomains',
  /** `Idempotency-Key` answers past their 24 hours are deleted (server/api-access/idempotency.ts). */
  'api.pruneIdempotentRequests',
  /** Sends the webhook deliveries that are due (server/webhooks): the outbox's sweep and its retries. */
  'webhooks.deliver',
  /** Own-inventory holds made through the connector interface give their stock back at expiry (server/suppliers). */
  'suppliers.expireOwnInventoryHolds',
  /** Asks a supplier again about a paid booking it did not answer for, until it confirms or refuses (server/suppliers/booking). */
  'suppliers.settleBooking',
  /** Suppliers not synced within the hour: their products compared with what we imported, changes flagged for review. */
  'suppliers.sync',
  /** Purges again the shared caches (nginx, the CDN) that failed to drop a change's pages (server/edge-cache). */
  'edge.purge',
  /** Browser telemetry, analytics events and slow spans past TELEMETRY_RETENTION_DAYS or over TELEMETRY_MAX_EVENTS are deleted (server/telemetry). */
  'telemetry.prune',
  /** Session replays past their retention are deleted (server/telemetry/replay). */
  'replays.prune',
  /** Counts each tour's recent bookings again for the search's "popular" sort, at most hourly (server/catalog/popularity.ts). */
  'catalog.countPopularity',
  /** Mails each agency, once a Dubai day, its bookings whose free cancellation ends within 48 hours (server/dashboard). */
  'dashboard.cancellationDigest',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export type SendOptions = {
  /** Not before this instant. */
  startAfter?: Date;
  /** A second job with the same name and key is dropped while the first exists. */
  singletonKey?: string;
  /** Retries after the first run fails (default 5), with exponential backoff (`backoffSeconds`). */
  retryLimit?: number;
};

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  readonly kind: 'pg-boss' | 'embedded';
  send(name: JobName, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  /** Runs `handler` for every job of `name`, in this process, from now on. */
  work(name: JobName, handler: JobHandler): Promise<void>;
  /** Sends `name` every minute (once across processes). */
  everyMinute(name: JobName): Promise<void>;
  /**
   * Takes no new job in this process from now on (the first step of a shutdown); jobs already
   * running go on, and `send` still works for the requests still being answered.
   */
  stopWorking(): Promise<void>;
  /**
   * Stops for good: waits up to `timeoutMs` for the jobs still running (one still running then is
   * failed and retried by a runner, handlers being idempotent) and closes the queue's own connections.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export const DEFAULT_RETRY_LIMIT = 5;
export const DEFAULT_RETRY_DELAY_SECONDS = 2;

/** Exponential backoff: 2 s, 4 s, 8 s… after the first, second, third failure. */
export function backoffSeconds(failures: number, delaySeconds = DEFAULT_RETRY_DELAY_SECONDS): number {
  return delaySeconds * 2 ** Math.max(0, failures - 1);
}
