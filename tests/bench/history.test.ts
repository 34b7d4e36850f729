import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendHistory, historyEntry } from '../../bench/lib/history.mjs';

// The bench keeps its own history, one line per run: what a later run is compared with.

const summary = {
  date: '2026-11-27T14:00:00.000Z',
  durationSeconds: 391.2,
  machine: { cpus: 2, cpuModel: 'x', memoryGiB: 7.8, loadAverageAtStart: 1.2, node: 'v20.19.0', next: '16.0.0' },
  config: { database: 'embedded PGlite', url: 'http://127.0.0.1:3300' },
  tourVsFrameworkFloor: { rounds: [{ tourRps: 1, floorRps: 1, ratio: 1 }], ratio: 0.751, serverCpu: { tourMsPerRequest: 1.4, floorMsPerRequest: 1.05, ratio: 0.75 } },
  checks: {
    tourVsFrameworkFloor: { value: 0.751, target: '>= 0.70', pass: true },
    lighthouse: { value: null, target: {}, pass: null, note: 'skipped (BENCH_SKIP_LIGHTHOUSE=1)' },
  },
  bookings: { bookings: { perSecond: 120.5, p99: 170 }, bookingsVsInsertFloor: 0.09 },
  widgets: { skipped: true },
  backOffice: { skipped: true },
  suppliers: { checks: { slowPickerP99: { value: 26, target: '< 200 ms', pass: true } }, slow: { tour: { p99: 31 } } },
  search: {
    targetP99Ms: 50,
    pglite: { p99: 31, byKind: {}, check: { value: 31, target: '< 50 ms', pass: true } },
    postgres: { p99: 22, byKind: {}, check: { value: 22, target: '< 50 ms', pass: true } },
  },
  cluster: {
    loadAverageAtStart: 1.5,
    checks: { killSurvivorP99: { value: 120, target: '< 200 ms', pass: true } },
    twoPortalsVsOne: { ratio: 1.1, cores: { machine: 2 }, rounds: [] },
    killDuringMixedLoad: { survivor: { url: 'http://127.0.0.1:3312' } },
  },
  telemetry: {
    checks: { telemetryOnVsOff: { value: 0.985, target: '>= 0.97', pass: true } },
    anonymousTour: { onVsOff: 0.985, rounds: [] },
    agentTour: { onVsOff: 0.99, rounds: [] },
  },
};

describe('historyEntry', () => {
  it('keeps each check’s value and verdict, the headline ratios and the machine, and leaves the rest to latest.json', () => {
    const entry = historyEntry(summary, { commit: 'abc123def456', dirty: false });
    expect(entry).toEqual({
      date: '2026-11-27T14:00:00.000Z',
      revision: { commit: 'abc123def456', dirty: false },
      database: 'embedded PGlite',
      machine: summary.machine,
      durationSeconds: 391.2,
      checks: { tourVsFrameworkFloor: { value: 0.751, pass: true }, lighthouse: { value: null, pass: null } },
      tourVsFrameworkFloor: { ratio: 0.751, serverCpu: summary.tourVsFrameworkFloor.serverCpu },
      bookings: { perSecond: 120.5, p99: 170, vsInsertFloor: 0.09 },
      backOffice: null,
      suppliers: { checks: { slowPickerP99: { value: 26, pass: true } } },
      telemetry: { checks: { telemetryOnVsOff: { value: 0.985, pass: true } }, agentTourOnVsOff: 0.99 },
      cluster: { loadAverageAtStart: 1.5, checks: { killSurvivorP99: { value: 120, pass: true } }, twoPortalsCores: { machine: 2 } },
      search: { pglite: { value: 31, pass: true }, postgres: { value: 22, pass: true } },
    });
    // The portal's URL and the rounds are the run's detail, not its history.
    expect(JSON.stringify(entry)).not.toContain('127.0.0.1');
  });
});

describe('appendHistory', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds one JSON line per run and keeps the earlier ones', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
    const file = path.join(dir, 'history.jsonl');
    appendHistory(file, historyEntry(summary, null));
    appendHistory(file, historyEntry({ ...summary, date: '2026-11-28T09:00:00.000Z' }, null));
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.date)).toEqual(['2026-11-27T14:00:00.000Z', '2026-11-28T09:00:00.000Z']);
  });
});
