import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NextConfig } from 'next';
import { discoverRoutes } from 'next/dist/build/route-discovery';
import { describe, expect, it, vi } from 'vitest';
import { builtKind, TEST_BUILD_ENV, wantedKind } from '../../scripts/build-kind.mjs';
import type { Database } from '@/server/db/connection';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';

// The test-only routes (the bench's framework floor, the e2e render error, the test hooks) exist
// only in builds made for tests and benchmarks (docs/decisions/test-only-routes.md). Which files a
// build compiles is decided by Next's own route discovery (what `next build` runs) from the
// config's page extensions: asked here for both kinds of build, without building.
// The e2e specs that use them (e2e/error-handling.spec.ts, e2e/shell.spec.ts,
// e2e/ops-agencies.spec.ts, e2e/supplier-booking.spec.ts) prove a test build serves them.

const TEST_ONLY_ROUTES = ['/bench-floor/page', '/[locale]/[variant]/(public)/e2e-render-error/page', '/api/test-hooks/age-agency/route', '/api/test-hooks/shared-cache/route', '/api/test-hooks/supplier-side/route', '/api/test-hooks/supplier-tour/route', '/api/test-hooks/telemetry/route'];

async function configOf(kind: 'test' | 'production'): Promise<NextConfig> {
  vi.resetModules();
  vi.stubEnv(TEST_BUILD_ENV, kind === 'test' ? '1' : '');
  try {
    return ((await import('@/next.config')) as { default: NextConfig }).default;
  } finally {
    vi.unstubAllEnvs();
  }
}

/** Every app route `next build` compiles under this config, as Next names it in its manifests. */
async function compiledRoutes(config: NextConfig): Promise<string[]> {
  const discovered = await discoverRoutes({
    appDir: path.resolve('app'),
    pageExtensions: config.pageExtensions!,
    isDev: false,
    baseDir: process.cwd(),
    isSrcDir: false,
  });
  return Object.keys(discovered.mappedAppPages ?? {});
}

describe('a production build', () => {
  it('compiles none of the test-only routes, and every other route', async () => {
    const [production, test] = await Promise.all([compiledRoutes(await configOf('production')), compiledRoutes(await configOf('test'))]);
    for (const route of TEST_ONLY_ROUTES) {
      expect(production, route).not.toContain(route);
      expect(test, route).toContain(route);
    }
    expect(test.filter((route) => !production.includes(route)).sort()).toEqual([...TEST_ONLY_ROUTES].sort());
    expect(production.length).toBeGreaterThan(50);
  });

  it('keeps its own build id; a test build says it is one', async () => {
    expect(await (await configOf('production')).generateBuildId!()).toBeNull();
    expect(await (await configOf('test')).generateBuildId!()).toMatch(/^test-\d+$/);
  });

  it('holds the test-only routes only in files named for them', () => {
    const testOnlyFiles = fs
      .readdirSync('app', { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)(bench-floor|e2e-render-error|test-hooks)(\/|$)/.test(file.split(path.sep).join('/')))
      .filter((file) => fs.statSync(path.join('app', file)).isFile());
    expect(testOnlyFiles.length).toBeGreaterThan(0);
    for (const file of testOnlyFiles) expect(file).toMatch(/\.test-route\.tsx?$/);
  });
});

describe('which build scripts/start.mjs may serve', () => {
  it('reads the kind from the build id, and wants a test build only when asked', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-kind-'));
    try {
      expect(builtKind(root)).toBeNull();
      fs.mkdirSync(path.join(root, '.next'));
      fs.writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'Xy7_production-id');
      expect(builtKind(root)).toBe('production');
      fs.writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'test-17645');
      expect(builtKind(root)).toBe('test');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
    expect(wantedKind({})).toBe('production');
    expect(wantedKind({ [TEST_BUILD_ENV]: '1' })).toBe('test');
  });
});

describe('a test hook route', () => {
  // A stand-in database: the hook below reads none.
  beforeAll(() => serveRoutesFrom({ driver: 'pglite', db: {} as Database, close: async () => {} }));
  const hook = runRoute({
    permission: PUBLIC,
    run: async () => {
      assertTestHooks();
      return { ok: true };
    },
  });
  const request = () => apiRequest('/api/test-hooks/x', { method: 'POST', headers: { origin: 'http://localhost:3000' } });

  it('is a 404 unless the end-to-end server turned the hooks on', async () => {
    expect((await hook(request())).status).toBe(404);
    vi.stubEnv('TEST_HOOKS', '1');
    try {
      const response = await hook(request());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
