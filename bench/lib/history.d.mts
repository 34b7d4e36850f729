export type Revision = { commit: string; dirty: boolean } | null;
export type CheckValue = { value: unknown; pass: boolean | null };
export type HistoryEntry = {
  date: string;
  revision: Revision;
  database: string | null;
  machine: Record<string, unknown> | null;
  durationSeconds: number | null;
  checks: Record<string, CheckValue>;
  tourVsFrameworkFloor: { ratio: number | null; serverCpu: unknown } | null;
  bookings: { perSecond: number | null; p99: number | null; vsInsertFloor: number | null } | null;
  backOffice: { database: string; checks: Record<string, CheckValue> } | null;
  telemetry: { checks: Record<string, CheckValue>; agentTourOnVsOff: number | null } | null;
  cluster: { loadAverageAtStart: number | null; checks: Record<string, CheckValue>; twoPortalsCores: unknown } | null;
};
export declare function gitRevision(cwd: string): Revision;
export declare function historyEntry(summary: Record<string, unknown>, revision: Revision): HistoryEntry;
export declare function appendHistory(file: string, entry: HistoryEntry): void;
