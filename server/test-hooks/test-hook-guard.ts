import 'server-only';
import { notFound } from 'next/navigation';
import { NotFound } from '@/server/errors';

// The guard of the test-only routes (app/**/*.test-route.ts[x]). Only those files import it, and
// they are compiled into builds made for tests and benchmarks alone (next.config.ts,
// docs/decisions/test-only-routes.md): a production build holds neither them nor this module.
// Inside a test build the hooks still answer only in the server the end-to-end suite starts
// (scripts/e2e-server.mjs sets TEST_HOOKS=1); the benchmark's server leaves them off.

export function testHooksEnabled(): boolean {
  return process.env.TEST_HOOKS === '1';
}

/** A page of the end-to-end suite: not found unless the test hooks are on. */
export function requireTestHooks(): void {
  if (!testHooksEnabled()) notFound();
}

/**
 * Inside a test route's `runRoute` handler: a 404 unless the test hooks are on, before the hook
 * changes anything (a route handler standing in for what no console could or should do).
 */
export function assertTestHooks(): void {
  if (!testHooksEnabled()) throw new NotFound();
}
