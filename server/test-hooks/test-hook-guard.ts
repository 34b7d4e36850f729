import 'server-only';
import { notFound } from 'next/navigation';
import type { z } from 'zod';
import { PUBLIC, type RouteDefinition, type RouteHandler, runRoute } from '@/server/http/run-route';

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
 * A route handler standing in for what no console could or should do (the passing of time): a 404
 * before anything else unless the test hooks are on, then `runRoute` as for a public route (body
 * size and type, origin, parse, spec §8's answers).
 */
export function testHookRoute<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Data = unknown,
>(definition: Omit<RouteDefinition<typeof PUBLIC, Query, Body, Params, Data>, 'permission'>): RouteHandler {
  const handler = runRoute<typeof PUBLIC, Query, Body, Params, Data>({ ...definition, permission: PUBLIC });
  return async (request, segment) => (testHooksEnabled() ? handler(request, segment) : new Response(null, { status: 404 }));
}
