import 'server-only';
import { demoMode } from '@/server/settings/deployment-mode';

// Session replay's two settings (server/config/environment.ts, docs/telemetry.md#replay). Read
// per call: a test, or a restart with a new value, needs no rebuild (the public pages are built
// once and ask the endpoint, never the page, whether to record).

/** REPLAY_SAMPLE_RATE: spec §9's 1 in the demo, 0 (no recording) in production unless set. */
export function replaySampleRate(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REPLAY_SAMPLE_RATE?.trim();
  if (raw) {
    const rate = Number(raw);
    if (Number.isFinite(rate)) return Math.min(1, Math.max(0, rate));
  }
  return demoMode(env) ? 1 : 0;
}

/** REPLAY_RETENTION_DAYS: days a replay is kept (default 14). */
export function replayRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.REPLAY_RETENTION_DAYS?.trim() || '14');
  return Number.isInteger(days) && days >= 1 ? days : 14;
}
