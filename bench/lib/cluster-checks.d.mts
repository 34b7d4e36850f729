// Types of ./cluster-checks.mjs for the tests (tests/bench/cluster-checks.test.ts).
export type CheckResult = { value: unknown; target: string; pass: boolean | null; note?: string };
export type LedgerEntry = { debit_minor: number; credit_minor: number; balance_after_minor: number };
export declare const KILL_GRACE_MS: number;
export declare function inFlightAtKill(entry: { start: number; end: number }, killAt: number | null): boolean;
export type RequestRecord = { kind: string; start: number; end: number; failed: boolean; key?: string };
export declare function classifyFailures<Entry extends RequestRecord>(records: Entry[], killAt: number | null): { metKill: Set<string>; unexpected: Entry[] };
export declare function ledgerChainProblem(startBalance: number, endBalance: number, entries: LedgerEntry[]): string | null;
export declare function clusterChecks(result: Record<string, unknown>, cores?: number): Record<string, CheckResult>;
