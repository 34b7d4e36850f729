import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * CI runs every test on PGlite. On PostgreSQL it runs only the tests tagged ENGINE_SENSITIVE
 * (e2e/support/engine.ts: jobs, row locks, session revocation, the export's cursor) and the outage.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * Debian's Chromium (no browser download on this machine or CI): its headless shell when installed
 * (`apt-get install chromium-headless-shell`), the same Blink without the full browser's window
 * and tab-strip processes — the e2e suite ran in two thirds of the time; else the full browser.
 */
function browserPath(): string {
  const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
  return fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
}
/**
 * The DNS server the widget specs run (e2e/support/dns-server.ts) and the portal asks about widget
 * domains: one port per run, set here so the specs' workers and the portal's process agree.
 */
process.env.E2E_DNS_PORT ??= String(PORT + 2253);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test CPU on a two-core machine; CI retries a failure once and
    // records that retry, which is the trace worth reading.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? browserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Widget sites are opened under their own host names: every `.test` host is this machine.
        '--host-resolver-rules=MAP *.test 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // e2e/cluster/ starts its own topology (playwright.cluster.config.ts).
      testIgnore: [/database-outage/, /e2e\/cluster\//],
      ...(onPostgres ? { grep: /@engine/ } : {}),
    },
    // Cuts the database: it runs alone, after every other spec.
    {
      name: 'database-outage',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /database-outage/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      WIDGET_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
      WIDGET_DNS_TIMEOUT_MS: '1000',
      // Every guest of the suite books from this one browser's address (retries included).
      GUEST_CHECKOUTS_PER_ADDRESS: '50',
      // A guest pays on a widget's domain, which only the browser resolves here: the sandbox's
      // webhooks go to the portal's own address.
      PAYMENTS_WEBHOOK_BASE_URL: `http://localhost:${PORT}`,
      // The specs stand in for the TLS-terminating proxy in front of the portal (one trusted hop),
      // which says how the browser reached it in X-Forwarded-Proto.
      TRUSTED_PROXY_HOPS: '1',
      // gtag.js's address for a widget booking's conversion: a `.test` host, which the browser maps
      // to this machine (nothing reaches Google); the widget spec answers it.
      GOOGLE_TAG_URL: 'https://gtag.e2e.test/gtag/js',
      // The webhook spec's receiver listens on 127.0.0.1, which deliveries refuse by default (SSRF).
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
    },
  },
});
