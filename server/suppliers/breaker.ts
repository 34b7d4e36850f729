import 'server-only';
import { isSupplierDown, SupplierError } from './errors';

// A circuit breaker per supplier (docs/suppliers.md "Failure isolation"): a slow or dead supplier
// must not hold up the pages that show its offers. After FAILURES_TO_OPEN consecutive calls that
// timed out or found it unreachable the breaker opens, and every call fails at once with
// `circuit_open` (the page shows the offers "on request") instead of waiting out another timeout.
// After COOL_DOWN_MS one call is let through as a probe (half-open): its success closes the
// breaker, its failure opens it for another cool-down. Business answers (not found, sold out,
// rejected) are the supplier answering: they count as successes.
//
// The state is per process, kept under a process-wide symbol: Next builds the pages, the route
// handlers and the job runner as separate bundles, each with its own copy of this module, and they
// must share one breaker per supplier.

export const FAILURES_TO_OPEN = 3;
export const COOL_DOWN_MS = 30_000;

export type BreakerSettings = { failuresToOpen: number; coolDownMs: number };

export type BreakerState = { state: 'closed' | 'open' | 'half_open'; openedAt: Date | null; recentFailures: number };

type Breaker = { openedAt: number | null; failures: number; probing: boolean };

const STORE = Symbol.for('traveldesk.supplierBreakers');
type Store = { [STORE]?: Map<string, Breaker> };

function breakers(): Map<string, Breaker> {
  const store = globalThis as Store;
  return (store[STORE] ??= new Map());
}

function breakerOf(supplierId: string): Breaker {
  let breaker = breakers().get(supplierId);
  if (!breaker) breakers().set(supplierId, (breaker = { openedAt: null, failures: 0, probing: false }));
  return breaker;
}

/** The breaker of `supplierId` in this process, for the console. */
export function breakerState(supplierId: string, now = Date.now(), settings: BreakerSettings = { failuresToOpen: FAILURES_TO_OPEN, coolDownMs: COOL_DOWN_MS }): BreakerState {
  const breaker = breakers().get(supplierId);
  if (!breaker || breaker.openedAt === null) return { state: 'closed', openedAt: null, recentFailures: breaker?.failures ?? 0 };
  const coolingDown = now - breaker.openedAt < settings.coolDownMs && !breaker.probing;
  return { state: coolingDown ? 'open' : 'half_open', openedAt: new Date(breaker.openedAt), recentFailures: breaker.failures };
}

/** Forgets the breaker of `supplierId` (an operator changed its address or key). */
export function resetBreaker(supplierId: string): void {
  breakers().delete(supplierId);
}

/**
 * Runs one call to `supplierId` under its breaker: fails at once with `circuit_open` while the
 * breaker is open (or another call is probing), and counts the call's outcome.
 */
export async function throughBreaker<T>(
  supplierId: string,
  run: () => Promise<T>,
  options: { now?: () => number; settings?: BreakerSettings } = {},
): Promise<T> {
  const now = options.now ?? Date.now;
  const settings = options.settings ?? { failuresToOpen: FAILURES_TO_OPEN, coolDownMs: COOL_DOWN_MS };
  const breaker = breakerOf(supplierId);
  let probe = false;
  if (breaker.openedAt !== null) {
    if (breaker.probing || now() - breaker.openedAt < settings.coolDownMs) {
      throw new SupplierError('circuit_open', supplierId, { message: `Supplier ${supplierId}: breaker open after ${breaker.failures} failures` });
    }
    breaker.probing = true;
    probe = true;
  }
  try {
    const result = await run();
    breaker.failures = 0;
    breaker.openedAt = null;
    return result;
  } catch (error) {
    if (isSupplierDown(error)) {
      breaker.failures += 1;
      if (probe || breaker.failures >= settings.failuresToOpen) breaker.openedAt = now();
    } else {
      breaker.failures = 0;
      breaker.openedAt = null;
    }
    throw error;
  } finally {
    if (probe) breaker.probing = false;
  }
}
