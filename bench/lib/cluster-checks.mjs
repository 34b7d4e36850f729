// The cluster part's verdicts (bench/cluster.mjs), apart from the measuring so they can be tested:
// the checks and their targets, the ledger's chain, which failed requests the kill explains.
import os from 'node:os';

/** A request counts as in flight at the kill when it started at most this long after `kill -9` was sent. */
export const KILL_GRACE_MS = 100;

function check(value, target, passes, problems = []) {
  const valid = problems.length === 0 && value !== null && value !== undefined;
  return { value, target, pass: valid ? passes(value) : null, ...(valid ? {} : { note: problems.join('; ') || 'not measured' }) };
}

/**
 * Whether a request (`start`, `end` on the bench's clock) was in flight when the portal was killed
 * at `killAt`: started before the signal (or within `KILL_GRACE_MS` after it, still on its way to the
 * dying process) and not finished before it.
 */
export function inFlightAtKill(entry, killAt) {
  return killAt !== null && entry.start <= killAt + KILL_GRACE_MS && entry.end >= killAt;
}

/**
 * Whether an agency's new ledger entries (`debit_minor`, `credit_minor`, `balance_after_minor`) form
 * one chain from `startBalance` to `endBalance`, each entry starting where exactly one other ended:
 * a lost entry breaks the chain, a doubled one forks it. Their creation times cannot order them (a
 * row's time is its transaction's start, not when it took the agency's lock). Null when they do.
 */
/**
 * The failed answers (`failed`) of a run's requests that the kill does not explain. A booking is one
 * request however often its client sends it again: when its first try (`kind` 'booking', `key` its
 * Idempotency-Key) was in flight at the kill, its retries' failures belong to the kill too (the
 * portal answers "still being processed" until it takes the dead claim over). Answers `metKill`,
 * the keys of those bookings, and `unexpected`, the failures left.
 */
export function classifyFailures(records, killAt) {
  const metKill = new Set(records.filter((entry) => entry.kind === 'booking' && entry.key && inFlightAtKill(entry, killAt)).map((entry) => entry.key));
  const unexpected = records.filter((entry) => entry.failed && !inFlightAtKill(entry, killAt) && !(entry.key && metKill.has(entry.key)));
  return { metKill, unexpected };
}

export function ledgerChainProblem(startBalance, endBalance, entries) {
  const byPrevious = new Map();
  for (const entry of entries) {
    const previous = entry.balance_after_minor - entry.credit_minor + entry.debit_minor;
    byPrevious.set(previous, [...(byPrevious.get(previous) ?? []), entry]);
  }
  let balance = startBalance;
  let walked = 0;
  for (let next = byPrevious.get(balance); next && walked <= entries.length; next = byPrevious.get(balance)) {
    if (next.length > 1) return `${next.length} entries follow the balance ${balance}`;
    balance = next[0].balance_after_minor;
    walked += 1;
  }
  if (walked !== entries.length || balance !== endBalance) return `a chain of ${walked} of ${entries.length} entries ends at ${balance}; the agency holds ${endBalance}`;
  return null;
}

/** The cluster's checks: judged when their inputs are valid, `pass: null` with a note otherwise. */
export function clusterChecks(result, cores = os.cpus().length) {
  const missing = (part, fallback) => [result.error ?? part?.error ?? (part ? null : fallback)].filter(Boolean);
  const edge = result.edgeCachedTourVsStatic;
  const edgeProblems = missing(edge, 'not measured');
  if (edge && !edge.error && !edge.servedFromCache) edgeProblems.push(`the tour page was not served from nginx's cache (${edge.cacheHeader ? `${edge.cacheHeader.name}: ${edge.cacheHeader.value}` : `portal CPU ${edge.portalCpuMsPerRequest} ms per request`}; Cache-Control: ${edge.cacheControl})`);
  if (edge && !edge.error && !edge.staticSameBytes) edgeProblems.push('the static file did not serve the same bytes');
  const scale = result.twoPortalsVsOne;
  const scaleProblems = missing(scale, 'not measured');
  const kill = result.killDuringMixedLoad;
  const killProblems = missing(kill, 'not measured');
  if (kill && !kill.error && kill.kill.restartError) killProblems.push(`the killed portal did not restart: ${kill.kill.restartError}`);
  const consistency = kill?.consistency;
  return {
    edgeCachedTourVsStatic: check(edge?.ratio ?? null, '>= 0.80', (v) => v >= 0.8, edgeProblems),
    twoPortalsVsOne:
      scaleProblems.length === 0 && cores < 4
        ? { value: scale.ratio, target: '>= 1.60 on >= 4 cores', pass: null, note: `recorded, not judged: ${cores} cores shared by the load generator, nginx and both portals (${scale.limits})` }
        : check(scale?.ratio ?? null, '>= 1.60 on >= 4 cores', (v) => v >= 1.6, scaleProblems),
    killBookingsLost: check(consistency ? consistency.lost + consistency.duplicated + consistency.unasked : null, '0 lost, duplicated or unasked bookings', (v) => v === 0, killProblems),
    killStockLedgerConsistent: check(consistency ? consistency.stock.mismatches + consistency.ledger.problems : null, '0 stock or ledger mismatches', (v) => v === 0, killProblems),
    killErrorsOutsideKill: check(kill?.errors?.outsideKill ?? null, '0 errors but for requests in flight at the kill', (v) => v === 0, killProblems),
    killSurvivorP99: check(kill?.survivor?.duringEvent?.p99 ?? null, '< 200 ms', (v) => v < 200, killProblems),
  };
}

