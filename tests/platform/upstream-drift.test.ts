import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ACTION_FORWARDED_HEADER, ACTION_REDIRECT_HEADER, INTL_LOCALE_HEADER } from '@/server/platform/next-private-headers';

// Drift tests of the workarounds listed in docs/platform-workarounds.md whose own tests cannot see
// the upstream behaviour they rely on: each reads the code Next or next-intl runs (or runs it) and
// fails when an upgrade changes what the workaround assumes. When one fails, read the table's row:
// the workaround may have become unnecessary (delete it) or need to follow the change.

const require = createRequire(import.meta.url);
const source = (file: string) => readFileSync(require.resolve(file), 'utf8');
/** What `next start` runs for an app page of a Turbopack build (its server actions included). */
const appPageRuntime = () => source('next/dist/compiled/next-server/app-page-turbo.runtime.prod.js');

vi.mock('next/headers', () => ({ headers: async () => new Headers({ [INTL_LOCALE_HEADER]: 'ru' }) }));

describe("next-intl's locale header (set by proxy.ts for server actions)", () => {
  it('is where next-intl reads the request locale when no route segment gives it', async () => {
    // The module next-intl's server functions ask (not exported by name: loaded by its path).
    const requestLocale = path.resolve('node_modules/next-intl/dist/esm/production/server/react-server/RequestLocale.js');
    const { getRequestLocale } = (await import(requestLocale)) as {
      getRequestLocale: () => Promise<string | undefined>;
    };
    expect(await getRequestLocale()).toBe('ru');
  });
});

describe("Next's request to itself that renders a server action's redirect", () => {
  it('carries the action redirect header and the visitor headers, with the Flight header, to the same server', () => {
    const handler = source('next/dist/esm/server/app-render/action-handler.js');
    // The header is set on the response, then the response's headers are merged into the request's
    // for the fetch (so the self-request carries it, and the visitor's X-Forwarded-Host).
    expect(handler).toMatch(
      new RegExp(`async function createRedirectRenderResult\\([^)]*\\) \\{\\s*res\\.setHeader\\('${ACTION_REDIRECT_HEADER}', \`\\$\\{redirectUrl\\};\\$\\{redirectType\\}\`\\);[\\s\\S]*?const forwardedHeaders = getForwardedHeaders\\(req, res\\);\\s*forwardedHeaders\\.set\\(RSC_HEADER, '1'\\);`),
    );
    expect(handler).toMatch(/function getForwardedHeaders\(req, res\) \{[\s\S]*?\.\.\.nodeHeadersToRecord\(requestHeaders\),\s*\.\.\.nodeHeadersToRecord\(responseHeaders\)/);
    expect(handler).toContain(`forwardedHeaders.set('${ACTION_FORWARDED_HEADER}', '1');`);
    // The runtime `next start` loads is built from it.
    const runtime = appPageRuntime();
    expect(runtime).toContain(`setHeader("${ACTION_REDIRECT_HEADER}",`);
    expect(runtime).toContain(`.set("${ACTION_FORWARDED_HEADER}","1")`);
  });
});

describe("Next's forwarded headers (server/platform/peer-address.ts)", () => {
  it('are filled only where missing, so the hook in front decides what Next believes', () => {
    const server = source('next/dist/server/base-server.js');
    expect(server).toContain("req.headers['x-forwarded-host'] ??= req.headers['host'] ?? this.hostname;");
    expect(server).toMatch(/req\.headers\['x-forwarded-proto'\] \?\?= isHttps \? 'https' : 'http';/);
    expect(server).toMatch(/req\.headers\['x-forwarded-for'\] \?\?= originalRequest == null \? void 0 : \(\w+ = originalRequest\.socket\) == null \? void 0 : \w+\.remoteAddress;/);
  });
});

describe('`next start` serves through a plain node:http server', () => {
  it('so the hooks on http.Server.prototype.emit (action body limit, peer address) see every request first', () => {
    const startServer = source('next/dist/server/lib/start-server.js');
    expect(startServer).toMatch(/: _http\.default\.createServer\(requestListener\);/);
    expect(startServer).not.toMatch(/server\.emit\s*=/);
  });
});

describe("Next's page module applies the rewrites again on every request (server/routing/route-rules.ts orders them)", () => {
  it('compiles each rule anew until one rewrites to the page, and stops there', () => {
    const utils = source('next/dist/esm/server/server-utils.js');
    expect(utils).toMatch(/const checkRewrite = \(rewrite\)=>\{\s*const matcher = getPathMatch\(rewrite\.source/);
    expect(utils).toMatch(/for \(const rewrite of rewrites\.afterFiles \|\| \[\]\)\{\s*finished = checkRewrite\(rewrite\);\s*if \(finished\) break;/);
    expect(utils).toMatch(/if \(fsPathname === page\) \{\s*return true;/);
    // The runtime `next start` loads compiles a rule the same way (no cache of compiled rules).
    expect(appPageRuntime()).toContain('removeUnnamedParams:!0,strict:!0,sensitive');
  });
});
