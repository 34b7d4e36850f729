// Applies Next's own route matching (the functions `next start` uses) to our redirect and
// rewrite rules, so routing is tested as Next will run it, without a server.
import type { IncomingMessage } from 'node:http';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas, prepareDestination } from 'next/dist/shared/lib/router/utils/prepare-destination';
import type { Redirect, Rewrite } from 'next/dist/lib/load-custom-routes';

export type RoutedRequest = { host: string; pathname: string; cookie?: string; headers?: Record<string, string> };
export type Routed = { redirect: string } | { rewrite: string } | { unchanged: true };

function apply(rule: Redirect | Rewrite, request: RoutedRequest): string | null {
  // Strict, as Next's router and page module compile rule sources: no optional trailing slash.
  const params = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(request.pathname);
  if (!params) return null;
  const headers = { ...request.headers, host: request.host, ...(request.cookie ? { cookie: request.cookie } : {}) };
  const req = { headers } as unknown as IncomingMessage;
  const hasParams = matchHas(req, {}, rule.has, rule.missing);
  if (!hasParams) return null;
  const { newUrl } = prepareDestination({
    appendParamsToQuery: false,
    destination: rule.destination,
    params: { ...params, ...hasParams },
    query: {},
  });
  return newUrl;
}

export function route(request: RoutedRequest, rules: { redirects: Redirect[]; rewrites: Rewrite[] }): Routed {
  for (const rule of rules.redirects) {
    const target = apply(rule, request);
    if (target !== null) return { redirect: target };
  }
  for (const rule of rules.rewrites) {
    const target = apply(rule, request);
    // A rewrite to the path itself serves the page that path names, as if no rule had matched.
    if (target === request.pathname) return { unchanged: true };
    if (target !== null) return { rewrite: target };
  }
  return { unchanged: true };
}
