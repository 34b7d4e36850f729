import { defineConfig, devices } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * The cluster's acceptance run (e2e/cluster/): two portals behind nginx on their own PostgreSQL
 * and Redis, started by the spec itself through scripts/cluster.mjs. No web server of the main
 * suite, one worker and one cluster for the whole file; no retry (a retry would start a second
 * cluster, and a failure here is about processes, not a flaky page). `npm test` runs it once per CI
 * (scripts/test.mjs); alone: `npx playwright test -c playwright.cluster.config.ts`.
 */
export default defineConfig({
  testDir: 'e2e/cluster',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-cluster-results.json' }]],
  outputDir: 'test-results/cluster',
  use: { ...baseConfig.use, trace: 'retain-on-failure' },
  projects: [{ name: 'cluster', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
