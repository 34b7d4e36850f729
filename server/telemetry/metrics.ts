import 'server-only';
import { type Counter, metrics } from '@opentelemetry/api';

// The portal's metrics (docs/telemetry.md#server), exported over OTLP when a collector is
// configured. Without one no meter provider is registered and every instrument below is
// OpenTelemetry's no-op: a call costs a function call.
// Instruments are made at first use, after instrumentation.ts has registered the provider (an
// instrument made before that would stay a no-op), and kept per process for every bundle. The
// request histogram is not an instrument: it is counted per request, by ./request-durations.ts.

export const METER_NAME = 'traveldesk-b2b';

type Instruments = {
  bookings: Counter;
  payments: Counter;
  jobRuns: Counter;
  errors: Counter;
};

const KEY = Symbol.for('traveldesk.telemetry.instruments');
const REGISTERED = Symbol.for('traveldesk.telemetry.metricsRegistered');
const globalForMetrics = globalThis as typeof globalThis & { [KEY]?: Instruments; [REGISTERED]?: boolean };

/** Said by instrumentation once it has registered a meter provider (server/telemetry/register-telemetry.ts). */
export function markMetricsRegistered(): void {
  globalForMetrics[REGISTERED] = true;
}

function instruments(): Instruments {
  if (globalForMetrics[KEY]) return globalForMetrics[KEY];
  const meter = metrics.getMeter(METER_NAME);
  const made: Instruments = {
    bookings: meter.createCounter('traveldesk.bookings', { description: 'Bookings placed, by channel and resulting status' }),
    payments: meter.createCounter('traveldesk.payments', { description: 'Payment provider calls and balance payments, by provider, operation and outcome' }),
    jobRuns: meter.createCounter('traveldesk.jobs.runs', { description: 'Background jobs run, by job and outcome' }),
    errors: meter.createCounter('traveldesk.errors', { description: 'Failures answered 500 or logged as errors, by where they happened' }),
  };
  // Only a real provider keeps them: before registration (or without a collector) try again later.
  if (isRealMeter()) globalForMetrics[KEY] = made;
  return made;
}

function isRealMeter(): boolean {
  return globalForMetrics[REGISTERED] === true;
}

export function countBooking(attributes: { channel: string; status: string }): void {
  instruments().bookings.add(1, attributes);
}

export function countPayment(attributes: { provider: string; operation: string; outcome: 'ok' | 'error' }): void {
  instruments().payments.add(1, attributes);
}

export function countJobRun(attributes: { job: string; outcome: 'ok' | 'error' }): void {
  instruments().jobRuns.add(1, attributes);
}

export function countError(where: 'route' | 'action' | 'job' | 'client' | 'span'): void {
  instruments().errors.add(1, { where });
}

/** One queue's waiting jobs: how many, and how long the oldest has waited (seconds). */
export type QueueStat = { queue: string; depth: number; oldestAgeSeconds: number };

/**
 * The job queue's depth and age as two gauges, read by `read` when the metrics are collected
 * (once per export interval, never per request). Called by the job runner at start.
 */
export function observeJobQueue(read: () => Promise<QueueStat[]>): void {
  if (!isRealMeter()) return;
  const meter = metrics.getMeter(METER_NAME);
  const depth = meter.createObservableGauge('traveldesk.jobs.queue.depth', { description: 'Jobs waiting to run (due now), per queue' });
  const age = meter.createObservableGauge('traveldesk.jobs.queue.oldest_age', { unit: 's', description: 'How long the oldest job due has waited, per queue' });
  meter.addBatchObservableCallback(
    async (observer) => {
      let stats: QueueStat[];
      try {
        stats = await read();
      } catch {
        return; // The database may be down: no reading this time.
      }
      for (const stat of stats) {
        observer.observe(depth, stat.depth, { queue: stat.queue });
        observer.observe(age, stat.oldestAgeSeconds, { queue: stat.queue });
      }
    },
    [depth, age],
  );
}
