// Every security header of the portal is decided here: next.config.ts sends the constant ones
// with every response, proxy.ts gives pages rendered per request a policy with a fresh nonce, and
// the encoded-page cache gives pages Next serves from its cache a policy with their scripts'
// hashes. Relative imports and no 'server-only': next.config.ts loads this before path aliases
// exist, outside any bundle.
import { createHash } from 'node:crypto';
import { SESSION_HINT_SCRIPT } from '../../shared/auth/session-hint';
import { HERO_VIDEO_FRAME_SOURCES } from '../../shared/widgets/hero-video';
import { posthogSettings } from '../../shared/telemetry/posthog-settings';

export const CSP_HEADER = 'Content-Security-Policy';

/** A CSP source allowing the inline script whose text is `source`, byte for byte. */
export function scriptHashSource(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * Zod 4 probes whether it may compile parsers with `new Function` the first time it parses an
 * object in the browser; the policy refuses eval, and the refused probe (caught by zod, which
 * then parses without it) is still reported as a violation. Its global config, read when zod
 * loads, turns the probe off: the root layout runs this before any script file.
 */
export const NO_EVAL_SCRIPT = 'self.__zod_globalConfig={jitless:true}';

/** The root layout's inline scripts of our own, allowed by hash on every page. */
export const SESSION_HINT_SOURCE = scriptHashSource(SESSION_HINT_SCRIPT);
export const NO_EVAL_SOURCE = scriptHashSource(NO_EVAL_SCRIPT);

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/** A nonce for one response: 128 random bits, base64 (the characters Next accepts in a nonce). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * The policy of every page. Scripts: our own files ('self'), plus each inline script allowed by
 * its hash (cached pages) or by the response's nonce (pages rendered per request); never
 * 'unsafe-inline' or 'unsafe-eval'. Styles keep 'unsafe-inline': the HTML carries `style`
 * attributes (next/image writes `color:transparent` on every image), which no hash or nonce can
 * allow, and sonner adds a <style> element when it first toasts, which cannot carry a cached
 * page's nonce; a style cannot run code, and what it could leak is bounded by img-src and
 * connect-src being our own origin. No page may be framed but an embed's, by the sources the
 * proxy gives it in `frameAncestors` (its widget's domain, proxy.ts); none means 'none'.
 */
export function contentSecurityPolicy({
  scriptSources = [],
  frameAncestors = [],
  stripe = false,
  googleTag = null,
  heroVideo = false,
}: {
  scriptSources?: readonly string[];
  frameAncestors?: readonly string[];
  stripe?: boolean;
  /** The configured gtag.js address, on a widget booking's result page (googleTagSources). */
  googleTag?: string | null;
  /** A widget site's landing, whose hero video plays after a click (HERO_VIDEO_SOURCES). */
  heroVideo?: boolean;
} = {}): string {
  const google = googleTag ? googleTagSources(googleTag) : null;
  const frames = [...(stripe ? STRIPE_SOURCES.frame : []), ...(google?.frame ?? []), ...(heroVideo ? HERO_VIDEO_SOURCES.frame : [])];
  return [
    "default-src 'self'",
    scriptSrc([...scriptSources, ...(stripe ? STRIPE_SOURCES.script : []), ...(google?.script ?? [])]),
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...(google?.img ?? [])].join(' '),
    "font-src 'self'",
    ...(heroVideo ? [['media-src', ...HERO_VIDEO_SOURCES.media].join(' ')] : []),
    ['connect-src', "'self'", ...(stripe ? STRIPE_SOURCES.connect : []), ...(google?.connect ?? []), ...ANALYTICS_CONNECT_SOURCES].join(' '),
    ...(frames.length > 0 ? [['frame-src', ...frames].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * PostHog's ingestion address, only when POSTHOG_KEY is configured (docs/telemetry.md#browser):
 * posthog-js comes from our own bundle and only posts there. Read at build time for the header
 * rules and at start for the proxy's, so both are set before the build.
 */
const ANALYTICS_CONNECT_SOURCES: readonly string[] = (() => {
  const posthog = posthogSettings({ POSTHOG_KEY: process.env.POSTHOG_KEY, POSTHOG_HOST: process.env.POSTHOG_HOST });
  return posthog ? [new URL(posthog.host).origin] : [];
})();

/**
 * What Stripe.js and its Payment Element load from (Stripe's documented policy), allowed only on
 * the payment page and only when Stripe is configured: every other page stays 'self'.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * A widget site's hero video, played after the guest's click (components/widget-sites): the
 * privacy-enhanced YouTube and Vimeo players, or a video file on the agency's own https host. Media cannot run
 * code; what it could leak is the page's address, which the guest's click sends anyway.
 */
const HERO_VIDEO_SOURCES = {
  frame: HERO_VIDEO_FRAME_SOURCES,
  media: ["'self'", 'https:'],
};

/**
 * What gtag.js loads and reports to for a Google Ads conversion (Google's documented policy for
 * Ads), plus the configured script's own origin (a first-party tagging server may serve it).
 * Allowed only on a widget booking's result page, and only when GOOGLE_TAG_URL is set: the
 * offline default and the tests load nothing from the internet.
 */
export function googleTagSources(scriptUrl: string): { script: string[]; img: string[]; connect: string[]; frame: string[] } {
  let origin: string[] = [];
  try {
    const url = new URL(scriptUrl);
    if (url.protocol === 'https:') origin = [url.origin];
  } catch {
    origin = [];
  }
  const ads = ['https://www.googleadservices.com', 'https://www.google.com', 'https://googleads.g.doubleclick.net'];
  return {
    script: [...new Set([...origin, 'https://www.googletagmanager.com', ...ads])],
    img: ['https://www.googletagmanager.com', ...ads],
    connect: ['https://www.googletagmanager.com', ...ads],
    frame: ['https://bid.g.doubleclick.net', 'https://td.doubleclick.net', 'https://www.googletagmanager.com'],
  };
}

function scriptSrc(sources: readonly string[]): string {
  return ['script-src', ...new Set(["'self'", SESSION_HINT_SOURCE, NO_EVAL_SOURCE, ...sources])].join(' ');
}

/** `policy` with its script sources replaced: the rest (frame-ancestors above all) is kept. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => /^script-src(\s|$)/i.test(directive));
  if (index === -1) directives.push(scriptSrc(sources));
  else directives[index] = scriptSrc(sources);
  return directives.join('; ');
}

// Content types under which a browser runs a <script> (the HTML standard's JavaScript MIME types
// and modules); anything else (application/ld+json) is a data block that no policy governs.
const SCRIPT_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript)|text\/javascript1\.[0-5])$/i;
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted, bare] of tag.matchAll(ATTRIBUTE)) {
    if (name) attributes.set(name.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return attributes;
}

/**
 * The hash sources of every inline script a browser would run in `html`, each once. Next and
 * React escape `<` inside the scripts they write, so a script's text ends at the first
 * `</script`. The browser hashes the text after its parser turned CR and CRLF into LF.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, tag = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = attributesOf(tag);
    if (attributes.has('src') || !SCRIPT_TYPE.test((attributes.get('type') ?? '').trim())) continue;
    if (text === '') continue;
    sources.add(scriptHashSource(text.replace(/\r\n?/g, '\n')));
  }
  return [...sources];
}

/**
 * The two pages of an embed that its agency's pages frame, tickets and checkout (with or without a
 * locale); not the booking result, which the payer opens top-level.
 */
const FRAMED_PATH = /^(?:\/ru)?\/embedded(?:\/checkout)?$/;

export function isFramedPath(pathname: string): boolean {
  return FRAMED_PATH.test(pathname);
}

export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

// Off: features no page of the portal uses, so neither can a script injected into one.
const PERMISSIONS_POLICY = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb']
  .map((feature) => `${feature}=()`)
  .join(', ');

type Header = { key: string; value: string };
type HeaderRule = { source: string; has?: ({ type: 'header'; key: string; value: string } | { type: 'host'; value: string })[]; headers: Header[] };

// next.config `source` patterns (path-to-regexp): the framed pages (see isFramedPath), and every other path.
export const FRAMED_SOURCES = ['/embedded', '/embedded/checkout', '/ru/embedded', '/ru/embedded/checkout'];
/**
 * The tour pages' paths as visitors ask for them, in each locale: their policy allows the video
 * players. Unnamed groups on purpose: a rule whose source names a parameter makes Next's router
 * compile each of its header values as a path pattern on every request (compileNonPath: 0.04 ms
 * for the policy, 2 % of a tour page's CPU); unnamed ones are dropped before that.
 */
export const TOUR_PAGE_SOURCES = ['/tour/([^/]+)', '/ru/tour/([^/]+)'];
/** Every path but the embed's framed pages and the tour pages, which get a policy of their own (one per response). */
export const NOT_FRAMED_SOURCE = '/((?!(?:ru/)?embedded(?:/checkout)?$|(?:ru/)?tour/[^/]+$).*)';

/**
 * The headers next.config.ts sends with every response, pages, route handlers (JSON, PDF, xlsx)
 * and files alike. The policy here allows no inline script but the root layout's two: it stands for
 * any page nothing else gave a policy, and a page rendered per request outside the proxy shows
 * up as blocked scripts in the e2e check rather than as an open policy.
 */
export function securityHeaderRules({ widgetHost }: { widgetHost?: { type: 'host'; value: string } } = {}): HeaderRule[] {
  return [
    {
      source: '/:path*',
      headers: [
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
      ],
    },
    {
      source: NOT_FRAMED_SOURCE,
      headers: [
        { key: 'X-Frame-Options', value: 'DENY' },
        { key: CSP_HEADER, value: contentSecurityPolicy() },
      ],
    },
    // The proxy replaces this policy with one naming the widget's domain in frame-ancestors; should
    // it not run, the page cannot be framed at all. No X-Frame-Options: it cannot name a site, and
    // a browser that knows no frame-ancestors would then refuse the frame on the widget's domain too.
    ...FRAMED_SOURCES.map((source) => ({ source, headers: [{ key: CSP_HEADER, value: contentSecurityPolicy() }] })),
    // A widget site's landing (`/` on a widget's domain) may play its hero video; the later rule
    // wins for the same header. Every other page, the site's own included, keeps no frame or media source.
    ...(widgetHost ? [{ source: '/', has: [widgetHost], headers: [{ key: CSP_HEADER, value: contentSecurityPolicy({ heroVideo: true }) }] }] : []),
    // A tour page plays its video in place after a click (components/catalog/tour-page): the same
    // players and files as a widget's hero video, on the tour pages of every portal host.
    ...TOUR_PAGE_SOURCES.map((source) => ({
      source,
      headers: [
        { key: 'X-Frame-Options', value: 'DENY' },
        { key: CSP_HEADER, value: contentSecurityPolicy({ heroVideo: true }) },
      ],
    })),
    {
      // Behind a TLS-terminating proxy (the only way this server is reached over HTTPS), which
      // says so in X-Forwarded-Proto; over plain HTTP a browser would ignore the header anyway.
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https(?:\\s*,.*)?' }],
      headers: [{ key: 'Strict-Transport-Security', value: STRICT_TRANSPORT_SECURITY }],
    },
  ];
}
