import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header';
import { modifyRouteRegex } from 'next/dist/lib/redirect-status';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { SESSION_HINT_SCRIPT } from '@/shared/auth/session-hint';
import {
  contentSecurityPolicy,
  createNonce,
  CSP_HEADER,
  inlineScriptHashes,
  isFramedPath,
  NO_EVAL_SCRIPT,
  NO_EVAL_SOURCE,
  nonceSource,
  securityHeaderRules,
  SESSION_HINT_SOURCE,
  withScriptSources,
} from '@/server/http/security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;

/** The policy's directives by name, as a browser splits them. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows our own scripts and the root layout\'s two, no other inline script by default, and none of the rest', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('script-src')).toEqual(["'self'", sha256(SESSION_HINT_SCRIPT), sha256(NO_EVAL_SCRIPT)]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('lets only the sources it is given frame a page, and knows the two pages an embed frames', () => {
    expect(directives(contentSecurityPolicy({ frameAncestors: ['tours.agency.test:*'] })).get('frame-ancestors')).toEqual(['tours.agency.test:*']);
    expect(directives(contentSecurityPolicy({ frameAncestors: [] })).get('frame-ancestors')).toEqual(["'none'"]);
    for (const path of ['/embedded', '/embedded/checkout', '/ru/embedded', '/ru/embedded/checkout']) expect(isFramedPath(path), path).toBe(true);
    for (const path of ['/', '/embeddedx', '/tour/embedded', '/ru/embeddedx', '/checkout', '/embedded/booking/x', '/ru/embedded/booking/x', '/embedded/checkout/x']) {
      expect(isFramedPath(path), path).toBe(false);
    }
  });

  it('gives a page rendered per request a nonce that Next reads from the policy and puts on its scripts', () => {
    const nonce = createNonce();
    expect(createNonce()).not.toBe(nonce);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    const policy = contentSecurityPolicy({ scriptSources: [nonceSource(nonce)] });
    expect(getScriptNonceFromHeader(policy)).toBe(nonce);
    expect(directives(policy).get('script-src')).toEqual(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, `'nonce-${nonce}'`]);
  });

  it('lets the payment page load Stripe.js, its API and its frames only when asked to (Stripe configured)', () => {
    const stripe = directives(contentSecurityPolicy({ stripe: true, scriptSources: [nonceSource('abc')] }));
    expect(stripe.get('script-src')).toEqual(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, "'nonce-abc'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(stripe.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy()).has('frame-src')).toBe(false);
  });

  it('replaces only the script sources of a policy, keeping its framing', () => {
    const framable = contentSecurityPolicy({ frameAncestors: ['tours.agency.test:*'], scriptSources: [nonceSource('abc')] });
    const hashed = directives(withScriptSources(framable, ["'sha256-x'"]));
    expect(hashed.get('script-src')).toEqual(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, "'sha256-x'"]);
    expect(hashed.get('frame-ancestors')).toEqual(['tours.agency.test:*']);
    expect(directives(withScriptSources("default-src 'self'", ["'sha256-y'"])).get('script-src')).toEqual(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, "'sha256-y'"]);
    // A page's own hash of the session hint is not repeated.
    expect(directives(withScriptSources(framable, [SESSION_HINT_SOURCE, NO_EVAL_SOURCE, "'sha256-x'"])).get('script-src')).toEqual(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, "'sha256-x'"]);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script a browser runs, once, as the browser does', () => {
    const push = 'self.__next_f.push([1,"Русский — \\u003c/script\\u003e"])';
    const html = [
      '<!DOCTYPE html><html><head>',
      `<script>${SESSION_HINT_SCRIPT}</script>`,
      `<script>${NO_EVAL_SCRIPT}</script>`,
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script noModule="" src="/_next/static/chunks/polyfill.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '</head><body>',
      `<script nonce="abc">${push}</script>`,
      `<script id="_R_">${push}</script>`,
      '<script type="module">import("/x.js")</script>',
      '<SCRIPT TYPE="text/javascript">var a = 1;\r\nvar b = 2;</SCRIPT >',
      '<script></script>',
      '</body></html>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      SESSION_HINT_SOURCE,
      NO_EVAL_SOURCE,
      sha256(push),
      sha256('import("/x.js")'),
      // The HTML parser turns CRLF into LF before the script exists.
      sha256('var a = 1;\nvar b = 2;'),
    ]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body><script src="/a.js"></script><p>script</p></body></html>')).toEqual([]);
  });
});

describe('headers for every response (next.config.ts)', () => {
  const rules = securityHeaderRules();

  /** The headers Next sends for a path, matched the way `next start` matches config headers. */
  function headersFor(pathname: string, requestHeaders: Record<string, string> = {}): Record<string, string[]> {
    const sent: Record<string, string[]> = {};
    const req = { headers: requestHeaders } as unknown as IncomingMessage;
    for (const rule of rules) {
      const match = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true, regexModifier: (regex) => modifyRouteRegex(regex) });
      if (match(pathname) === false || !matchHas(req, {}, rule.has, undefined)) continue;
      for (const { key, value } of rule.headers) (sent[key.toLowerCase()] ??= []).push(value);
    }
    return sent;
  }

  it('sends nosniff, the referrer and permissions policies everywhere, route handlers and files included', () => {
    for (const path of ['/', '/tour/x', '/ru/checkout', '/api/v1/b2b/bookings', '/api/v1/b2b/bookings/TD-1/documents/voucher', '/api/bookings/export', '/_next/static/chunks/a.js', '/embedded/checkout']) {
      const headers = headersFor(path);
      expect(headers['x-content-type-options'], path).toEqual(['nosniff']);
      expect(headers['referrer-policy'], path).toEqual(['strict-origin-when-cross-origin']);
      expect(headers['permissions-policy']?.[0], path).toMatch(/(^|, )camera=\(\)/);
      expect(headers['permissions-policy']?.[0], path).toMatch(/microphone=\(\).*payment=\(\)/);
      expect(headers['permissions-policy']?.[0], path).toMatch(/geolocation=\(\)/);
    }
  });

  it('forbids framing everywhere, with one policy per response, and leaves the embed\'s framed pages to the proxy', () => {
    for (const path of ['/', '/checkout', '/api/health', '/embeddedx', '/tour/x/y', '/tours/x', '/embedded/booking/x', '/ru/embedded/booking/x', '/embedded/x']) {
      const headers = headersFor(path);
      expect(headers['x-frame-options'], path).toEqual(['DENY']);
      expect(headers[CSP_HEADER.toLowerCase()], path).toEqual([contentSecurityPolicy()]);
    }
    // A tour page plays its video after a click: its one policy adds the players and media, nothing else.
    for (const path of ['/tour/x', '/ru/tour/x', '/tour/embedded']) {
      const headers = headersFor(path);
      expect(headers['x-frame-options'], path).toEqual(['DENY']);
      expect(headers[CSP_HEADER.toLowerCase()], path).toEqual([contentSecurityPolicy({ heroVideo: true })]);
      expect(directives(contentSecurityPolicy({ heroVideo: true })).get('script-src')).toEqual(directives(contentSecurityPolicy()).get('script-src'));
    }
    // Unframable should the proxy not run; without X-Frame-Options, which would refuse the widget's domain too.
    for (const path of ['/embedded', '/embedded/checkout', '/ru/embedded', '/ru/embedded/checkout']) {
      const headers = headersFor(path);
      expect(headers['x-frame-options'], path).toBeUndefined();
      expect(headers[CSP_HEADER.toLowerCase()], path).toEqual([contentSecurityPolicy()]);
      expect(directives(contentSecurityPolicy()).get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('sends HSTS only to a request that came over HTTPS', () => {
    expect(headersFor('/tour/x')['strict-transport-security']).toBeUndefined();
    expect(headersFor('/tour/x', { 'x-forwarded-proto': 'http' })['strict-transport-security']).toBeUndefined();
    for (const proto of ['https', 'https, http']) {
      expect(headersFor('/api/health', { 'x-forwarded-proto': proto })['strict-transport-security'], proto).toEqual(['max-age=63072000; includeSubDomains']);
    }
  });
});
