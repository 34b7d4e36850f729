// The bench's own history: one line per run in bench/history.jsonl, committed with the code it
// measured, so a later run is compared with earlier ones without reading old notes. Only what a
// comparison needs goes in (the summary's checks, the headline ratios, the machine); the full
// summary stays in bench/results/latest.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The commit the run measured, and whether the tree had changes beyond it; null outside git. */
export function gitRevision(cwd) {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return null;
  }
}

/** `{ name: { value, pass } }` of a summary's checks: the target lives in the code and bench/README.md. */
function checkValues(checks = {}) {
  return Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, { value: check.value, pass: check.pass }]));
}

/** One history line of a run's summary. */
export function historyEntry(summary, revision) {
  const part = (section, pick) => (section && !section.skipped && !section.error ? pick(section) : null);
  return {
    date: summary.date,
    revision,
    database: summary.config?.database ?? null,
    machine: summary.machine ?? null,
    durationSeconds: summary.durationSeconds ?? null,
    checks: checkValues(summary.checks),
    tourVsFrameworkFloor: part(summary.tourVsFrameworkFloor, (s) => ({ ratio: s.ratio, serverCpu: s.serverCpu ?? null })),
    bookings: part(summary.bookings, (s) => ({ perSecond: s.bookings?.perSecond ?? null, p99: s.bookings?.p99 ?? null, vsInsertFloor: s.bookingsVsInsertFloor ?? null })),
    backOffice: part(summary.backOffice, (s) => ({ database: s.database, checks: checkValues(s.checks) })),
    suppliers: part(summary.suppliers, (s) => ({ checks: checkValues(s.checks) })),
    telemetry: part(summary.telemetry, (s) => ({ checks: checkValues(s.checks), agentTourOnVsOff: s.agentTour?.onVsOff ?? null })),
    search: part(summary.search, (s) => checkValues({ ...(s.pglite ? { pglite: s.pglite.check } : {}), ...(s.postgres ? { postgres: s.postgres.check } : {}) })),
    cluster: part(summary.cluster, (s) => ({
      loadAverageAtStart: s.loadAverageAtStart ?? null,
      checks: checkValues(s.checks),
      twoPortalsCores: s.twoPortalsVsOne?.cores ?? null,
    })),
  };
}

/** Appends one run to the history file (created on the first run). */
export function appendHistory(file, entry) {
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
