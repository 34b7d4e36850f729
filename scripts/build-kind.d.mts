import type { StdioOptions } from 'node:child_process';

export type BuildKind = 'test' | 'production';
export const TEST_BUILD_ENV: 'TRAVELDESK_TEST_BUILD';
export function builtKind(root?: string): BuildKind | null;
export function wantedKind(env: Record<string, string | undefined>): BuildKind;
export function buildNext(kind: BuildKind, options?: { env?: Record<string, string | undefined>; root?: string; stdio?: StdioOptions }): number;
