import { z } from 'zod';
import { isVariant } from '@/shared/sites/site-variants';

// The portal's settings: every environment variable it reads, with its default and meaning, in
// one place (conventions: every setting is an environment variable). docs/configuration.md's
// Settings table (docs/testing.md's for the test runners') and compose.yaml are checked against
// this list (tests/config/environment.test.ts, tests/deploy/compose.test.ts), and so is every
// variable the source reads: a new variable is added here first, in its own section. `validateEnvironment` runs once at server
// start (instrumentation.ts), so a bad value stops the start with a message that names it instead
// of surfacing later as a NaN or a failed JSON.parse deep in a request.
// No 'server-only': instrumentation and the tests load it outside a request.

/**
 * Who sets a variable. `portal`: the operator (docs/configuration.md). `test`: the test and
 * CI runners only (docs/testing.md's Settings table). `platform`: Node, Next or the container
 * runtime set it themselves; listed so the source check knows them, not operator settings.
 */
export type VariableGroup = 'portal' | 'test' | 'platform';

export type VariableSpec = {
  group: VariableGroup;
  /** The default as the README states it (a value, or how it is derived). */
  default: string;
  meaning: string;
  /** Checks a set, non-empty value; unset or empty always passes (the default applies). */
  check: z.ZodType<string>;
};

const anyText = z.string();

function matching(test: (value: string) => boolean, rule: string): z.ZodType<string> {
  return z.string().refine(test, rule);
}

const onOff = matching((value) => value === 'on' || value === 'off', 'must be `on` or `off`');

function integer(min: number, max = Number.MAX_SAFE_INTEGER): z.ZodType<string> {
  return matching((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`);
}

const positiveNumber = matching((value) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) > 0, 'must be a number above 0');

function url(protocols: string[]): z.ZodType<string> {
  return matching(
    (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
    `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
  );
}

const httpUrl = url(['http:', 'https:']);

function json(test: (parsed: unknown) => boolean, rule: string): z.ZodType<string> {
  return matching((value) => {
    try {
      return test(JSON.parse(value));
    } catch {
      return false;
    }
  }, rule);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const hostsJson = json(
  (parsed) => isObject(parsed) && Object.values(parsed).every(isVariant),
  'must be a JSON object of host name to variant (`main`, `second` or `russian`)',
);

const originsJson = json(
  (parsed) => isObject(parsed) && Object.entries(parsed).every(([variant, origin]) => isVariant(variant) && typeof origin === 'string' && URL.canParse(origin)),
  'must be a JSON object of variant (`main`, `second`, `russian`) to an origin such as `https://b2b.example.com`',
);

const hostPortList = matching(
  (value) => value.split(',').every((entry) => /^[^\s:]+(:\d{1,5})?$/.test(entry.trim()) || /^\[[0-9a-f:]+\](:\d{1,5})?$/i.test(entry.trim())),
  'must be comma-separated `host:port` entries',
);

const httpUrlList = matching(
  (value) => value.split(',').map((entry) => entry.trim()).filter(Boolean).every((entry) => URL.canParse(entry) && ['http:', 'https:'].includes(new URL(entry).protocol)),
  'must be comma-separated URLs starting with http:// or https://',
);

function variable(group: VariableGroup, defaultValue: string, meaning: string, check: z.ZodType<string> = anyText): VariableSpec {
  return { group, default: defaultValue, meaning, check };
}

const portal = (defaultValue: string, meaning: string, check?: z.ZodType<string>) => variable('portal', defaultValue, meaning, check);
const test = (defaultValue: string, meaning: string, check?: z.ZodType<string>) => variable('test', defaultValue, meaning, check);
const platform = (defaultValue: string, meaning: string, check?: z.ZodType<string>) => variable('platform', defaultValue, meaning, check);

export const ENVIRONMENT = {
  // --- The server process and its database ---
  PORT: portal('3000', 'port of `npm start` / `npm run dev` (and of the standalone server)', integer(1, 65535)),
  DATA_DIR: portal('.data', 'where the embedded database (`pglite/`), uploads and the generated auth secret live'),
  DATABASE_URL: portal('unset', '`postgres://…`: PostgreSQL instead of the embedded database', url(['postgres:', 'postgresql:'])),
  DATABASE_POOL_SIZE: portal('10', 'PostgreSQL connections per server process', integer(1, 1000)),
  DEMO: portal('`on` on the embedded database, `off` with DATABASE_URL or NODE_ENV=production', '`on`: the demo; `off`: production', onOff),
  STAGING: portal('unset', '`on` lets a production start run with PAYMENTS_SANDBOX=on', onOff),
  SEED_DEMO: portal('unset', 'no longer needed; `true` is refused by a production start'),
  JOBS: portal('on', '`off` starts no job runner in this process', onOff),

  // --- The process's life: readiness and graceful shutdown (docs/operations.md) ---
  SHUTDOWN_TIMEOUT_SECONDS: portal(
    '20',
    'on SIGTERM, how long requests in flight may take to finish before they are cut; the jobs running get what is left of it',
    matching((value) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0, 'must be a number of seconds, 0 or more'),
  ),

  // --- Sessions, secrets and links ---
  AUTH_SECRET: portal('generated into DATA_DIR/auth-secret', 'signs sessions; required on PostgreSQL in production; the same on every process'),
  AUTH_SECRET_1: portal('unset', 'a previous AUTH_SECRET still accepted for sessions while rotating (also AUTH_SECRET_2, AUTH_SECRET_3)'),
  AUTH_SECRET_2: portal('unset', 'an older AUTH_SECRET still accepted while rotating'),
  AUTH_SECRET_3: portal('unset', 'the oldest AUTH_SECRET still accepted while rotating'),
  AUTH_URL: portal('unset', "Auth.js's own URL; the main origin for links when PUBLIC_ORIGINS has none", httpUrl),
  TRUSTED_PROXY_HOPS: portal('0', 'reverse proxies in front that write X-Forwarded-*', integer(0, 20)),
  HOSTS: portal('localhost, 127.0.0.1 → main; partner.localhost → second; ru.localhost → russian', 'JSON of host name → variant; compiled into the routes: set it before the build', hostsJson),
  PUBLIC_ORIGINS: portal('http://localhost:$PORT and its partner./ru. hosts', 'JSON of variant → public origin for every absolute link', originsJson),
  GUEST_LINK_SECRET: portal('derived from AUTH_SECRET', "signs the links to a widget guest's booking and documents"),
  SUPPLIER_KEYS_SECRET: portal('derived from AUTH_SECRET', "seals the suppliers' API keys at rest"),

  // --- Tracing, mail, files ---
  OTEL_EXPORTER_OTLP_ENDPOINT: portal('unset', 'send traces and metrics to this OTLP/HTTP collector (`/v1/traces`, `/v1/metrics`)', httpUrl),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: portal('unset', 'send traces to this OTLP traces endpoint', httpUrl),
  SMTP_URL: portal('unset', 'deliver mail through this SMTP server; unset, mail stays in the outbox', url(['smtp:', 'smtps:'])),
  MAIL_FROM: portal('Traveldesk B2B <no-reply@traveldesk.test>', 'sender of delivered mail'),
  S3_BUCKET: portal('unset', 'store uploads in this S3-compatible bucket instead of DATA_DIR/uploads'),
  S3_ENDPOINT: portal('https://s3.$S3_REGION.amazonaws.com', 'the S3-compatible service (e.g. a MinIO URL); path-style requests', httpUrl),
  S3_REGION: portal('us-east-1', 'the region the requests are signed for'),
  S3_ACCESS_KEY_ID: portal('unset', 'access key of the bucket'),
  S3_SECRET_ACCESS_KEY: portal('unset', 'secret key of the bucket'),

  // --- Payments ---
  PAYMENTS_SANDBOX: portal('on in the demo, off in production', 'the test gateway', onOff),
  PAYMENTS_SANDBOX_SECRET: portal('derived from AUTH_SECRET', "the sandbox's webhook signing secret"),
  PAYMENT_HOLD_MINUTES: portal('15', 'how long a provider payment holds its stock', positiveNumber),
  GUEST_HOLD_MINUTES: portal('5', "how long a widget guest's checkout holds its places before the payment page", positiveNumber),
  GUEST_CHECKOUTS_PER_ADDRESS: portal('5', 'guest checkouts one client address may start in 10 minutes', integer(1)),
  PAYMENTS_WEBHOOK_BASE_URL: portal("the request's origin", 'where providers post webhooks', httpUrl),
  STRIPE_SECRET_KEY: portal('unset', 'Stripe (with the publishable key and webhook secret)'),
  STRIPE_PUBLISHABLE_KEY: portal('unset', "Stripe's publishable key"),
  STRIPE_WEBHOOK_SECRET: portal('unset', "Stripe's webhook signing secret"),
  TAP_SECRET_KEY: portal('unset', 'card payments through Tap'),
  COINBASE_COMMERCE_API_KEY: portal('unset', 'crypto payments through Coinbase Commerce'),
  COINBASE_WEBHOOK_SECRET: portal('unset', "Coinbase Commerce's webhook secret"),
  YOOKASSA_SHOP_ID: portal('unset', 'rouble payments through YooKassa'),
  YOOKASSA_SECRET_KEY: portal('unset', "YooKassa's secret key"),

  // --- API, widgets, suppliers ---
  API_RATE_LIMIT_PER_KEY: portal('600', 'calls an API key may make per window', integer(1)),
  API_RATE_LIMIT_PER_AGENCY: portal('1200', 'calls an agency may make per window', integer(1)),
  API_RATE_LIMIT_WINDOW_SECONDS: portal('60', 'the rate limit window', integer(1)),
  GOOGLE_TAG_URL: portal('unset', 'the gtag.js address for widget conversion reports', httpUrl),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: portal('off', "`on` lets webhooks reach private addresses (tests only)", onOff),
  SUPPLIERS_ALLOW_PRIVATE_ADDRESSES: portal('off', "`on` lets suppliers' URLs point at private addresses (tests only)", onOff),
  WIDGET_CNAME_TARGET: portal('widgets. + the first main host', "the host a widget domain's CNAME must point at"),
  WIDGET_A_RECORDS: portal('unset', 'comma-separated addresses an apex widget domain may point at'),
  WIDGET_DNS_SERVERS: portal("the system's", 'comma-separated host:port resolvers of the widget domain check', hostPortList),
  WIDGET_DNS_TIMEOUT_MS: portal('3000', 'per try of a widget domain check', integer(1)),
  WIDGET_DNS_RECHECK_HOURS: portal('24', 'how old a verified widget domain check may get', positiveNumber),

  // --- The shared page and data cache (docs/caching.md) ---
  REDIS_URL: portal('unset', "`redis://…` (`rediss://` for TLS): every process shares Next's page and data cache through Redis; unset, each keeps its own", url(['redis:', 'rediss:'])),
  REDIS_KEY_PREFIX: portal('traveldesk:', 'prefix of every key the portal writes in Redis, so deployments may share one'),

  // --- Shared caches in front: nginx, a CDN (docs/edge-caching.md) ---
  EDGE_PURGE_NGINX_URLS: portal('unset', "comma-separated purge locations of the nginx caches in front (`http://10.0.0.10:8081/_edge-purge`): a change purges its pages there", httpUrlList),
  CLOUDFLARE_ZONE_ID: portal('unset', "the Cloudflare zone whose cache a change purges (with CLOUDFLARE_API_TOKEN)", matching((value) => /^[0-9a-f]{32}$/i.test(value), 'must be the zone id, 32 hexadecimal characters')),
  CLOUDFLARE_API_TOKEN: portal('unset', 'a Cloudflare API token with Cache Purge on that zone'),

  // --- Server telemetry: traces, metrics, logs, slow spans (docs/telemetry.md#server) ---
  OTEL_EXPORTER_OTLP_PROTOCOL: portal('http/protobuf', 'how traces go to the collector: `http/protobuf` or `http/json` (metrics always go as `http/json`)', matching((value) => value === 'http/protobuf' || value === 'http/json', 'must be `http/protobuf` or `http/json`')),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: portal('OTEL_EXPORTER_OTLP_ENDPOINT + /v1/metrics', "send metrics (the server's and the browsers' Web Vitals) to this OTLP metrics endpoint", httpUrl),
  OTEL_METRIC_EXPORT_INTERVAL: portal('60000', 'milliseconds between two exports of the metrics', integer(1000)),
  OTEL_SDK_DISABLED: portal('unset', '`true` switches server telemetry off: no spans, no slow spans kept, no metrics (the logs stay)', matching((value) => value === 'true' || value === 'false', 'must be `true` or `false`')),
  TELEMETRY_SLOW_SPAN_MS: portal('500', 'server spans at least this long (and every failed one) are kept in `telemetry_spans` for the console', integer(0)),
  LOG_LEVEL: portal('info', "the server log's lowest level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`", matching((value) => ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(value), 'must be a pino level (`error`, `warn`, `info`, `debug`…)')),

  // --- Browser telemetry: the collector `/api/telemetry` (docs/telemetry.md#collector) ---
  TELEMETRY_RETENTION_DAYS: portal('14', 'days of browser telemetry, analytics events and slow spans kept in the database (the `telemetry.prune` job)', integer(1)),
  TELEMETRY_MAX_EVENTS: portal('1000000', 'rows kept at most in each telemetry table; the oldest are pruned first', integer(1)),
  TELEMETRY_RATE_LIMIT_PER_SESSION: portal('60', 'telemetry batches one browser session may post per minute (then 429 with Retry-After)', integer(1)),
  TELEMETRY_RATE_LIMIT_PER_ADDRESS: portal('600', 'telemetry batches one client address may post per minute (then 429 with Retry-After)', integer(1)),
  TELEMETRY_FLUSH_MS: portal('200', 'how long accepted telemetry batches wait to be written together; `0` writes each before answering', integer(0, 60_000)),
  OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: portal('unset', "send the browsers' exceptions, traces and events to this OTLP logs endpoint", httpUrl),

  // --- Browser telemetry: analytics provider (docs/telemetry.md#browser) ---
  POSTHOG_KEY: portal('unset', "PostHog project key: the named analytics events also go to PostHog (posthog-js, loaded only then); unset, only our own store keeps them"),
  POSTHOG_HOST: portal('https://us.i.posthog.com', "PostHog's ingestion address (a self-hosted PostHog's URL); allowed in connect-src only when POSTHOG_KEY is set; set both before the build", httpUrl),

  // --- Session replay (docs/telemetry.md#replay) ---
  REPLAY_SAMPLE_RATE: portal('`1` in the demo, `0` in production', 'share of browser sessions recorded for replay, 0 to 1 (decided once per session)', matching((value) => value.trim() !== '' && Number(value) >= 0 && Number(value) <= 1, 'must be a number from 0 to 1')),
  REPLAY_RETENTION_DAYS: portal('14', 'days a session replay is kept (an agency may be given fewer)', integer(1, 3650)),

  // --- Tests and CI only (refused or pointless in production) ---
  TEST_HOOKS: test('unset', "`1` turns on the end-to-end suite's hooks; a production start refuses it"),
  TRAVELDESK_TEST_BUILD: test('unset', '`1` builds (and lets start.mjs serve) a build with the test-only routes; a production start refuses it'),
  TRAVELDESK_TYPES_CHECKED: test('unset', '`1`: CI checked the types already, the build skips it'),
  TEST_REUSE_BUILD: test('unset', '`1` lets `npm test` reuse an existing build'),
  TEST_PHASES_FILE: test('unset', '`npm test` appends the seconds of each phase to this file'),
  CHROMIUM_PATH: test("Debian's headless shell, else /usr/bin/chromium", 'the browser Playwright drives'),
  E2E_PORT: test('3100', 'port of the server the e2e suite starts', integer(1, 65535)),
  E2E_DNS_PORT: test('E2E_PORT + 2253', 'port of the DNS server the widget specs run', integer(1, 65535)),
  E2E_DATABASE_NAME: test('traveldesk_e2e', 'the database the e2e server creates on PostgreSQL'),
  E2E_DATABASE_SWITCH_PORT: test('PORT + 1000', "control port of the e2e server's database relay", integer(1, 65535)),

  // --- The cluster e2e: two portals behind nginx on their own PostgreSQL and Redis (scripts/cluster.mjs) ---
  TEST_CLUSTER: test('`1` with DATABASE_URL, else `0`', '`1`: `npm test` also runs the cluster e2e; `0` leaves it out', matching((value) => value === '0' || value === '1', 'must be `0` or `1`')),
  E2E_CLUSTER_PORT: test('E2E_PORT + 200', "nginx's port of the cluster e2e; its portals, PostgreSQL and Redis take the next eleven", integer(1, 65535)),

  // --- Set by Node, Next, CI or the container runtime, not by the operator ---
  NODE_ENV: platform('set by Next', '`production` under `next start`/the standalone server'),
  NEXT_RUNTIME: platform('set by Next', '`nodejs` or `edge`: which runtime loads instrumentation'),
  NEXT_PHASE: platform('set by Next', '`phase-production-build` while `next build` runs'),
  CI: platform('set by CI', 'Playwright retries and forbids `.only` on CI; missing binaries fail instead of skip'),
  HOSTNAME: platform('`::` under `npm start`, `0.0.0.0` in the image', 'the address the standalone server listens on (read by Next); `npm start` takes it only when it is an IP address, since shells and containers export the machine name in it'),
} satisfies Record<string, VariableSpec>;

export type VariableName = keyof typeof ENVIRONMENT;

export const VARIABLE_NAMES = Object.keys(ENVIRONMENT) as VariableName[];

export function isKnownVariable(name: string): name is VariableName {
  return Object.hasOwn(ENVIRONMENT, name);
}

/** The schema of the whole environment: each named variable optional, checked when set. Others pass through. */
export const environmentSchema = z.looseObject(
  Object.fromEntries(
    Object.entries(ENVIRONMENT).map(([name, spec]): [string, z.ZodType<string | undefined>] => [name, z.union([z.literal(''), spec.check]).optional()]),
  ) as Record<VariableName, z.ZodType<string | undefined>>,
);

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(['The environment has bad values:', ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    this.name = 'EnvironmentError';
  }
}

/** Every bad value, each named with its rule and what it is; [] when the environment is fine. */
export function environmentProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const result = environmentSchema.safeParse(env);
  if (result.success) return [];
  const problems = new Set<string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    if (!isKnownVariable(name)) continue;
    // The union's own message says nothing; the variable's rule is the last of its issues' messages.
    const rule = ruleOf(name, env[name] ?? '');
    const secret = /SECRET|KEY|PASSWORD/.test(name) || name === 'DATABASE_URL' || name === 'SMTP_URL';
    problems.add(`${name} ${rule}${secret ? '' : ` (it is \`${env[name]}\`)`}.`);
  }
  return [...problems];
}

function ruleOf(name: VariableName, value: string): string {
  const result = ENVIRONMENT[name].check.safeParse(value);
  return result.success ? 'is not valid' : (result.error.issues[0]?.message ?? 'is not valid');
}

/** Throws EnvironmentError listing every bad value: called once when the server starts. */
export function validateEnvironment(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const problems = environmentProblems(env);
  if (problems.length > 0) throw new EnvironmentError(problems);
}

/**
 * The server's start (instrumentation.ts): a bad value ends the process with the list, before it
 * opens the database or takes a request; a half-configured process would fail one request at a time.
 */
export function checkEnvironmentAtStart(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const problems = environmentProblems(env);
  if (problems.length === 0) return;
  console.error(`Refusing to start: ${new EnvironmentError(problems).message}`);
  process.exit(1);
}
