// `npm test`: builds the app, runs vitest (unit and database tests) and Playwright (e2e in
// Chromium against `next start`; with DATABASE_URL, also the cluster e2e), then prints one closing line for the whole run:
// `N passed, N failed` (CI reads it), after each phase's wall time. The database is PGlite, or
// PostgreSQL when DATABASE_URL is set. TEST_PHASES_FILE, when set, gets a line per phase,
// `<phase> (<database>) <seconds>`, for CI's closing table.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtKind, buildNext } from './build-kind.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const results = path.resolve('test-results');
fs.mkdirSync(results, { recursive: true });

const phases = [];

function run(phase, command, args) {
  console.info(`\n$ ${command} ${args.join(' ')}`);
  const started = performance.now();
  const status = spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
  phases.push([phase, (performance.now() - started) / 1000]);
  return status;
}

function printPhases() {
  const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.info(`\nPhases (${database}): ${phases.map(([phase, seconds]) => `${phase} ${seconds.toFixed(0)} s`).join(', ')}`);
  if (env.TEST_PHASES_FILE) fs.appendFileSync(env.TEST_PHASES_FILE, phases.map(([phase, seconds]) => `${phase} (${database}) ${seconds.toFixed(0)}\n`).join(''));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };

// The e2e server runs a production build made for tests (with the test-only routes, see
// scripts/build-kind.mjs); rebuild so tests see the current code.
const reuse = env.TEST_REUSE_BUILD === '1' && builtKind() === 'test';
if (!reuse) console.info('\n$ TRAVELDESK_TEST_BUILD=1 next build');
const buildStarted = performance.now();
const buildStatus = reuse ? 0 : buildNext('test', { env });
if (!reuse) phases.push(['build', (performance.now() - buildStarted) / 1000]);
if (buildStatus !== 0) {
  printPhases();
  console.info('\nBuild failed: no tests ran.\n0 passed, 1 failed');
  process.exit(1);
}

const unitFile = path.join(results, 'unit-results.json');
fs.rmSync(unitFile, { force: true });
run('vitest', process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
const unit = readJson(unitFile);
if (unit) {
  totals.passed += unit.numPassedTests;
  totals.failed += unit.numFailedTests;
  totals.skipped += unit.numPendingTests + unit.numTodoTests;
} else {
  console.error('vitest wrote no results: counting the unit suite as one failure.');
  totals.failed += 1;
}

const e2eFile = path.join(results, 'e2e-results.json');
fs.rmSync(e2eFile, { force: true });
run('playwright', process.execPath, ['node_modules/@playwright/test/cli.js', 'test']);
const e2e = readJson(e2eFile);
if (e2e?.stats) {
  totals.passed += e2e.stats.expected + e2e.stats.flaky;
  totals.failed += e2e.stats.unexpected;
  totals.skipped += e2e.stats.skipped;
  if (e2e.stats.flaky) console.warn(`${e2e.stats.flaky} e2e test(s) passed only on retry.`);
} else {
  console.error('Playwright wrote no results: counting the e2e suite as one failure.');
  totals.failed += 1;
}

// The cluster's acceptance run (e2e/cluster/, playwright.cluster.config.ts): two portals behind
// nginx on a PostgreSQL and a Redis of their own. Once per CI, in the PostgreSQL run (its subject
// is the engines several processes share), or wherever TEST_CLUSTER=1 asks; TEST_CLUSTER=0 leaves
// it out. Without redis-server or nginx it skips, saying what to install (fails under CI=true).
const clusterRun = env.TEST_CLUSTER === '1' || (env.TEST_CLUSTER !== '0' && Boolean(env.DATABASE_URL));
if (clusterRun) {
  const clusterFile = path.join(results, 'e2e-cluster-results.json');
  fs.rmSync(clusterFile, { force: true });
  run('cluster e2e', process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'playwright.cluster.config.ts']);
  const cluster = readJson(clusterFile);
  if (cluster?.stats) {
    totals.passed += cluster.stats.expected + cluster.stats.flaky;
    totals.failed += cluster.stats.unexpected;
    totals.skipped += cluster.stats.skipped;
  } else {
    console.error('The cluster e2e wrote no results: counting it as one failure.');
    totals.failed += 1;
  }
} else {
  console.info('\nThe cluster e2e (e2e/cluster/) runs in the PostgreSQL run (DATABASE_URL set) or with TEST_CLUSTER=1.');
}

printPhases();
console.info(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
