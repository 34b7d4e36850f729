import fs from 'node:fs';
import path from 'node:path';
import nextConfig from '@/next.config';
import { OCTO_TRAILING_SLASH_REWRITE, routeRedirects, routeRewrites } from '@/server/routing/route-rules';
import { DEFAULT_HOSTS } from '@/shared/sites/site-variants';
import { route } from '../support/next-routes';

// OCTO's OpenAPI document, as shipped in @octocloud/types, is the list of what a reseller may call:
// every operation in it is a route under app/api/octo, or named with its reason in
// docs/octo-api.md ("What we skip"). Paths answer with and without a trailing slash.

const root = path.resolve(__dirname, '../..');

type Operation = { operationId: string; method: string; path: string };

/** The document's operations: each path at two spaces under `paths:`, each method at four, its operationId below. */
function operations(yaml: string): Operation[] {
  const section = yaml.slice(yaml.indexOf('\npaths:\n'), yaml.indexOf('\ncomponents:\n'));
  const found: Operation[] = [];
  let current = '';
  let method = '';
  for (const line of section.split('\n')) {
    const pathLine = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathLine) current = pathLine[1]!;
    const methodLine = /^ {4}(get|post|put|patch|delete):\s*$/.exec(line);
    if (methodLine) method = methodLine[1]!.toUpperCase();
    const id = /^ {6}operationId:\s*(\S+)\s*$/.exec(line);
    if (id) found.push({ operationId: id[1]!, method, path: current });
  }
  return found;
}

/** `/bookings/{uuid}/confirm/` → `app/api/octo/bookings/[uuid]/confirm/route.ts`. */
function routeFile(operationPath: string): string {
  const segments = operationPath.split('/').filter(Boolean).map((segment) => segment.replace(/^\{(.+)\}$/, '[$1]'));
  return path.join(root, 'app/api/octo', ...segments, 'route.ts');
}

/** The operationIds docs/octo-api.md lists as skipped, each with its reason. */
function skipped(markdown: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('What we skip\n')) ?? '';
  const entries = [...section.matchAll(/^- `([A-Za-z_]+)`:?\s*(.*)$/gm)].filter(([, id]) => /^[A-Z][a-z]+_/.test(id!));
  return new Map(entries.map(([, id, reason]) => [id!, reason!.trim()]));
}

describe('OCTO’s OpenAPI document', () => {
  const yaml = fs.readFileSync(path.join(root, 'node_modules/@octocloud/types/src/openapi.yaml'), 'utf8');
  const docs = fs.readFileSync(path.join(root, 'docs/octo-api.md'), 'utf8');
  const all = operations(yaml);

  it('is read whole (its thirteen operations of OCTO 2.0)', () => {
    expect(all.map((operation) => operation.operationId)).toContain('Bookings_BookingReservation');
    expect(all.length).toBeGreaterThanOrEqual(13);
  });

  it('lists no operation we neither serve nor skip with a written reason', async () => {
    const reasons = skipped(docs);
    const missing: string[] = [];
    for (const operation of all) {
      if (reasons.has(operation.operationId)) {
        expect(reasons.get(operation.operationId)!.length, operation.operationId).toBeGreaterThan(20);
        continue;
      }
      const file = routeFile(operation.path);
      const handlers = fs.existsSync(file) ? ((await import(/* @vite-ignore */ file)) as Record<string, unknown>) : {};
      if (typeof handlers[operation.method] !== 'function') missing.push(`${operation.operationId} (${operation.method} ${operation.path})`);
      // The docs' operation table names each one served.
      else expect(docs, operation.operationId).toContain(`\`${operation.operationId}\``);
    }
    expect(missing).toEqual([]);
  });
});

describe('trailing slashes', () => {
  const rules = { redirects: routeRedirects(DEFAULT_HOSTS), rewrites: [OCTO_TRAILING_SLASH_REWRITE, ...routeRewrites(DEFAULT_HOSTS)] };
  const request = (pathname: string) => ({ host: 'localhost:3000', pathname });

  it('serve an OCTO path with a trailing slash as the path without it, never redirected', () => {
    expect(route(request('/api/octo/products/'), rules)).toEqual({ rewrite: '/api/octo/products' });
    expect(route(request('/api/octo/bookings/2b1c9d1e-7d1c-4b7e-9d59-1f0c6a4b2e11/confirm/'), rules)).toEqual({
      rewrite: '/api/octo/bookings/2b1c9d1e-7d1c-4b7e-9d59-1f0c6a4b2e11/confirm',
    });
    expect(route(request('/api/octo/products'), rules)).toEqual({ unchanged: true });
  });

  it('still redirect every other path to its form without the slash, as Next’s own rule did', () => {
    expect(route(request('/uae/'), rules)).toEqual({ redirect: '/uae' });
    expect(route(request('/api/v1/b2b/tours/'), rules)).toEqual({ redirect: '/api/v1/b2b/tours' });
    expect(route(request('/api/octopus/'), rules)).toEqual({ redirect: '/api/octopus' });
  });

  it('are ours in next.config: Next’s redirect off, the OCTO rewrite before the files', async () => {
    expect(nextConfig.skipTrailingSlashRedirect).toBe(true);
    const rewrites = await nextConfig.rewrites!();
    expect(Array.isArray(rewrites) ? [] : rewrites.beforeFiles).toContainEqual(OCTO_TRAILING_SLASH_REWRITE);
  });
});
