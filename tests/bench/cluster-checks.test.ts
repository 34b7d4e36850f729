import { describe, expect, it } from 'vitest';
import { classifyFailures, clusterChecks, inFlightAtKill, KILL_GRACE_MS, ledgerChainProblem } from '../../bench/lib/cluster-checks.mjs';

// The cluster part of the bench judges a portal killed under load by the database afterwards: the
// ledger's new entries must chain from the balance before to the balance after, and only requests
// in flight at the kill may have failed.

const debit = (before: number, amount: number) => ({ debit_minor: amount, credit_minor: 0, balance_after_minor: before - amount });

describe('ledgerChainProblem', () => {
  it('accepts entries that chain from the balance before to the balance after, in any order', () => {
    const entries = [debit(1000, 300), debit(700, 200), { debit_minor: 0, credit_minor: 50, balance_after_minor: 550 }];
    expect(ledgerChainProblem(1000, 550, [entries[2]!, entries[0]!, entries[1]!])).toBeNull();
    expect(ledgerChainProblem(1000, 1000, [])).toBeNull();
  });

  it('finds a debit posted twice against the same balance (a fork)', () => {
    expect(ledgerChainProblem(1000, 700, [debit(1000, 300), debit(1000, 300)])).toMatch(/2 entries follow the balance 1000/);
  });

  it('finds a missing entry and a balance the entries do not explain', () => {
    expect(ledgerChainProblem(1000, 500, [debit(1000, 300), debit(600, 100)])).toMatch(/chain of 1 of 2 entries/);
    expect(ledgerChainProblem(1000, 650, [debit(1000, 300)])).toMatch(/agency holds 650/);
  });
});

describe('inFlightAtKill', () => {
  it('counts requests started before the kill (or just after it) and not finished before it', () => {
    expect(inFlightAtKill({ start: 900, end: 1001 }, 1000)).toBe(true);
    expect(inFlightAtKill({ start: 1000 + KILL_GRACE_MS, end: 1200 }, 1000)).toBe(true);
    expect(inFlightAtKill({ start: 1000 + KILL_GRACE_MS + 1, end: 1200 }, 1000)).toBe(false);
    expect(inFlightAtKill({ start: 900, end: 999 }, 1000)).toBe(false);
    expect(inFlightAtKill({ start: 900, end: 1001 }, null)).toBe(false);
  });
});

describe('classifyFailures', () => {
  it('charges the kill with a booking it cut off and all its retries, and nothing else', () => {
    const records = [
      { kind: 'booking', key: 'k1', start: 900, end: 1001, failed: true },
      { kind: 'bookingRetry', key: 'k1', start: 1500, end: 1510, failed: true },
      { kind: 'bookingRetry', key: 'k1', start: 2500, end: 2600, failed: false },
      { kind: 'booking', key: 'k2', start: 3000, end: 3100, failed: true },
      { kind: 'bookingRetry', key: 'k2', start: 3200, end: 3300, failed: true },
      { kind: 'availability', start: 950, end: 1050, failed: true },
      { kind: 'availability', start: 5000, end: 15000, failed: true },
    ];
    const { metKill, unexpected } = classifyFailures(records, 1000);
    expect([...metKill]).toEqual(['k1']);
    expect(unexpected.map((entry) => `${entry.kind} ${entry.key ?? entry.start}`)).toEqual(['booking k2', 'bookingRetry k2', 'availability 5000']);
  });
});

describe('clusterChecks', () => {
  const consistency = { lost: 0, duplicated: 0, unasked: 0, stock: { mismatches: 0 }, ledger: { problems: 0 } };
  const result = {
    edgeCachedTourVsStatic: { ratio: 0.85, servedFromCache: true, staticSameBytes: true, cacheHeader: { name: 'x-cache-status', value: 'HIT' } },
    twoPortalsVsOne: { ratio: 1.2, limits: 'two portals used 1.1 cores' },
    killDuringMixedLoad: { kill: { restartError: null }, consistency, errors: { outsideKill: 0 }, survivor: { duringEvent: { p99: 150 } } },
  };

  it('judges the scaling only on four cores or more, and records it with where the CPU went below', () => {
    expect(clusterChecks(result, 2).twoPortalsVsOne).toMatchObject({ value: 1.2, pass: null, note: expect.stringContaining('two portals used 1.1 cores') });
    expect(clusterChecks(result, 4).twoPortalsVsOne).toMatchObject({ value: 1.2, pass: false });
  });

  it('passes a clean kill and fails one booking lost or one ledger problem', () => {
    const checks = clusterChecks(result, 2);
    expect([checks.edgeCachedTourVsStatic!.pass, checks.killBookingsLost!.pass, checks.killStockLedgerConsistent!.pass, checks.killErrorsOutsideKill!.pass, checks.killSurvivorP99!.pass]).toEqual([true, true, true, true, true]);
    const broken = { ...result, killDuringMixedLoad: { ...result.killDuringMixedLoad, consistency: { ...consistency, lost: 1, ledger: { problems: 1 } } } };
    expect(clusterChecks(broken, 2).killBookingsLost).toMatchObject({ value: 1, pass: false });
    expect(clusterChecks(broken, 2).killStockLedgerConsistent).toMatchObject({ value: 1, pass: false });
  });

  it('does not judge a cached-page ratio when nginx did not serve the page from its cache', () => {
    const uncached = { ...result, edgeCachedTourVsStatic: { ...result.edgeCachedTourVsStatic, servedFromCache: false, cacheHeader: { name: 'x-cache-status', value: 'MISS' } } };
    expect(clusterChecks(uncached, 2).edgeCachedTourVsStatic).toMatchObject({ pass: null, note: expect.stringContaining('MISS') });
  });

  it('judges nothing when the cluster could not start', () => {
    const checks = clusterChecks({ error: 'no build in .next' }, 8);
    expect(Object.values(checks).every((entry) => entry.pass === null && entry.note === 'no build in .next')).toBe(true);
  });
});
