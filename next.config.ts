import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { edgeCacheHeaderRules } from './server/edge-cache/cache-policy';
import { securityHeaderRules } from './server/http/security-headers';
import { ACTION_BODY_LIMIT_MB } from './server/routing/action-body';
import { OCTO_TRAILING_SLASH_REWRITE, routeRedirects, routeRewrites, widgetHostCondition } from './server/routing/route-rules';
import { parseHostsConfig } from './shared/sites/site-variants';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

// Host → variant routing is compiled into the build's routes: set HOSTS before `next build`.
const hosts = parseHostsConfig(process.env.HOSTS);

/**
 * A build made for tests and benchmarks (`npm test`, `npm run bench`, scripts/e2e-server.mjs set
 * TRAVELDESK_TEST_BUILD=1): it also compiles the test-only routes, whose files end in
 * `.test-route.tsx` / `.test-route.ts` (the bench's framework floor, the e2e render error, the test
 * hooks); any other build leaves them out, so a production server answers 404 for them on every
 * host. Its BUILD_ID starts with `test-`, by which scripts/start.mjs never serves it as production.
 * docs/decisions/test-only-routes.md.
 */
const testBuild = process.env.TRAVELDESK_TEST_BUILD === '1';
const PAGE_EXTENSIONS = ['tsx', 'ts', 'jsx', 'js'];
const TEST_ROUTE_EXTENSIONS = ['test-route.tsx', 'test-route.ts'];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A self-contained server in .next/standalone (server.js and only the node_modules it uses):
  // what the container image ships and what `npm start` runs (scripts/start.mjs, docs/deployment.md).
  output: 'standalone',
  // Files the server reads by a path built at run time, which the build's file tracing cannot
  // see: the migrations it applies at start, PGlite's extension, the PDF fonts, the API reference's script.
  outputFileTracingIncludes: {
    '/**': [
      './server/db/migrations/**',
      // PGlite's pg_trgm (the search), loaded by a URL the extension's module builds.
      './node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      './node_modules/@scalar/api-reference/dist/browser/standalone.js',
    ],
  },
  // `npm run typecheck` checks the same types, route types included (`next typegen`, then tsc).
  // CI runs it before it builds and says so here, so the build does not check them a second time
  // (20 s of one core); any other build checks them itself.
  typescript: { ignoreBuildErrors: process.env.TRAVELDESK_TYPES_CHECKED === '1' },
  // The longer test-route extensions first, so a `page.test-route.tsx` is never read as `page.test-route` + `.tsx`.
  pageExtensions: testBuild ? [...TEST_ROUTE_EXTENSIONS, ...PAGE_EXTENSIONS] : PAGE_EXTENSIONS,
  // A production build keeps Next's own random id.
  generateBuildId: async () => (testBuild ? `test-${Date.now()}${randomInt(1_000_000)}` : null),
  // Next hashes every HTML response in JavaScript to make its ETag: on a 70 KB tour page that was a
  // tenth of the server's CPU under load. Public pages are cached by s-maxage at the edge; a
  // browser revalidating gets the (13 KB gzip) page again instead of a 304.
  generateEtags: false,
  // Next's data and page cache: shared through Redis when REDIS_URL is set at run time, else Next's
  // own default (docs/caching.md). Next imports this file itself, by absolute path; every script
  // runs Next from the project's folder.
  cacheHandler: path.resolve('server/shared-cache/cache-handler.mjs'),
  // PGlite ships a WASM build and must be loaded by Node as-is, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pdfkit', 'exceljs'],
  images: {
    // Spec §9.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  experimental: {
    authInterrupts: true,
    // A page a visitor's browser fetched is reused by its client navigations for this long without
    // asking the server (default 5 minutes): a price changed meanwhile showed minutes late. 30 s
    // is the least Next allows.
    staleTimes: { static: 30 },
    // Forms carry up to four files of 5 MB (company settings). The limits sit above that so a
    // 6 MB file reaches the upload check and gets its clear message instead of a cut-off body.
    // The proxy holds every action post to them before it is read (server/routing/action-body.ts).
    serverActions: { bodySizeLimit: `${ACTION_BODY_LIMIT_MB}mb` },
    proxyClientMaxBodySize: `${ACTION_BODY_LIMIT_MB}mb`,
  },
  // nosniff, Referrer-Policy, Permissions-Policy, framing, HSTS behind HTTPS, and a default
  // Content-Security-Policy that the proxy (nonce) and the encoded-page cache (hashes) refine per page.
  // Then `private, no-store` on every personal path and API answer (the edge-cache rules;
  // docs/edge-caching.md).
  headers: async () => [...securityHeaderRules({ widgetHost: widgetHostCondition(hosts) }), ...edgeCacheHeaderRules(hosts)],
  redirects: async () => routeRedirects(hosts),
  // After files: public files and API routes are served first, then page paths are rewritten.
  // Next's trailing-slash redirect is ours (TRAILING_SLASH_REDIRECT, first of the redirects) so
  // that OCTO's paths answer with and without the slash (OCTO_TRAILING_SLASH_REWRITE).
  skipTrailingSlashRedirect: true,
  rewrites: async () => ({ beforeFiles: [OCTO_TRAILING_SLASH_REWRITE], afterFiles: routeRewrites(hosts), fallback: [] }),
};

export default withNextIntl(nextConfig);
