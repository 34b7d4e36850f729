// The supplier availability bench (bench/README.md "Supplier availability"): a portal on a fresh
// embedded database whose demo catalogue has one offer sold as a local OCTO supplier's option
// (bench/seed-supplier-offer.ts), and that supplier in this process
// (tests/support/octo-supplier/server.ts), so the bench can make it slow or dead.
//
// 1. The picker's month (`GET /api/v1/b2b/availability/ByOffer`) for the supplier's offer, served
//    from the short cache, against the same query for an offer of our own inventory, in
//    alternating rounds: supplier ≤ 1.2× own (the ratio of their rates).
// 2. The supplier answering in 5 s, then not at all: the tour page and the picker (months never
//    asked before, so no cached answer helps) keep p99 < 200 ms, the supplier is asked only a few
//    times before its breaker opens, and once it answers again the picker shows its live slots
//    within a minute.
//
// `node node_modules/tsx/dist/cli.mjs bench/supplier-availability.ts` (a test build in .next:
// `TRAVELDESK_TEST_BUILD=1 npx next build`). BENCH_PORT (3300) moves the portal's port.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { builtKind, TEST_BUILD_ENV } from '../scripts/build-kind.mjs';
import { startOctoSupplier } from '../tests/support/octo-supplier/server';
import { signIn } from './lib/auth.mjs';
import { closedLoop, keepAliveAgent, percentile, round, send } from './lib/load.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results', 'supplier-availability.json');
const PORT = Math.round(Number(process.env.BENCH_PORT) || 3300);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const AGENT = { email: 'senior@desertrose.test', password: 'Traveldesk!2026' };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const ROUNDS = 6;
const ROUND_SECONDS = 2;
const FAILURE_SECONDS = Number(process.env.BENCH_SUPPLIER_FAILURE_SECONDS) || 20;
const RECOVERY_LIMIT_MS = 60_000;

const log = (...args: unknown[]) => console.error('[bench:suppliers]', ...args);

type Seeded = { supplierId: string; supplierOfferId: string; ownOfferId: string; tourSlug: string };
type Phase = { latencies: number[]; statuses: Record<string, number>; errors: number; elapsed: number };

/** The `from`/`to` of the calendar month `ahead` months from now (UTC), as the picker asks. */
function month(ahead: number): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const byOffer = (offerId: string, range: { from: string; to: string }) => `${URL_BASE}/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${range.from}&to=${range.to}`;

async function measure(task: () => Promise<{ status: number; latency: number }>, seconds: number, connections = CONNECTIONS): Promise<Phase> {
  const phase: Phase = { latencies: [], statuses: {}, errors: 0, elapsed: 0 };
  phase.elapsed = await closedLoop({ seconds, connections }, async () => {
    try {
      const answer = await task();
      phase.latencies.push(answer.latency);
      phase.statuses[answer.status] = (phase.statuses[answer.status] ?? 0) + 1;
    } catch {
      phase.errors += 1;
    }
  });
  return phase;
}

function summary(phase: Phase) {
  return {
    requests: phase.latencies.length,
    rps: round(phase.latencies.length / phase.elapsed, 1),
    p50: percentile(phase.latencies, 50),
    p99: percentile(phase.latencies, 99),
    max: round(Math.max(0, ...phase.latencies)),
    statuses: phase.statuses,
    errors: phase.errors,
  };
}

function seed(env: NodeJS.ProcessEnv, baseUrl: string, apiKey: string): Seeded {
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const run = spawnSync(process.execPath, [tsx, '--conditions=react-server', 'bench/seed-supplier-offer.ts', baseUrl, apiKey], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 2] });
  if (run.status !== 0) throw new Error(`bench/seed-supplier-offer.ts exited with ${run.status}`);
  return JSON.parse(run.stdout.toString('utf8')) as Seeded;
}

async function waitForHealth(child: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
    if (await fetch(`${URL_BASE}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false)) return;
    await sleep(500);
  }
  throw new Error('the portal did not become healthy');
}

async function main() {
  if (builtKind(ROOT) !== 'test') throw new Error('no test build in .next: run TRAVELDESK_TEST_BUILD=1 npx next build first');
  const supplier = await startOctoSupplier();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-bench-suppliers-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DEMO: 'on',
    // The local supplier listens on 127.0.0.1 (docs/suppliers.md "The address rule").
    SUPPLIERS_ALLOW_PRIVATE_ADDRESSES: 'on',
    API_RATE_LIMIT_PER_KEY: '1000000',
    API_RATE_LIMIT_PER_AGENCY: '1000000',
    [TEST_BUILD_ENV]: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const seeded = seed(env, supplier.url, supplier.apiKey);
  log('seeded', seeded);
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
  const agent = keepAliveAgent(CONNECTIONS);
  try {
    await waitForHealth(child);
    const cookie = await signIn(URL_BASE, AGENT);
    const headers = { cookie };
    const get = (url: string) => send(url, { headers, agent });
    const checks = () => supplier.requests.filter((request) => request.operation === 'Availabilities_AvailabilityCheck').length;

    // 1. Served from the short cache against our own inventory, alternating rounds; months far
    // enough ahead that no demo booking's slot makes our offer's answer differ from the supplier's.
    const months = [month(7), month(8)];
    let turn = 0;
    const tasks = {
      supplier: () => get(byOffer(seeded.supplierOfferId, months[turn++ % 2]!)),
      own: () => get(byOffer(seeded.ownOfferId, months[turn++ % 2]!)),
    };
    const answers = await Promise.all(months.flatMap((range) => [get(byOffer(seeded.supplierOfferId, range)), get(byOffer(seeded.ownOfferId, range))]));
    const first = JSON.parse(answers[0]?.body ?? '{}') as { hasLiveAvailability?: boolean; days?: unknown[] };
    if (!first.hasLiveAvailability || !first.days?.length) throw new Error(`the supplier offer has no live days: ${JSON.stringify(first).slice(0, 300)}`);
    // Both offers answer the same shape (bench/seed-supplier-offer.ts): the bytes say so.
    const answerBytes = { supplier: answers.filter((_, index) => index % 2 === 0).map((answer) => Buffer.byteLength(answer.body ?? '')), own: answers.filter((_, index) => index % 2 === 1).map((answer) => Buffer.byteLength(answer.body ?? '')) };
    for (const task of Object.values(tasks)) await measure(task, 2);
    const totals: Record<keyof typeof tasks, Phase[]> = { supplier: [], own: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['supplier', 'own'] as const) : (['own', 'supplier'] as const);
      for (const name of order) totals[name].push(await measure(tasks[name], ROUND_SECONDS));
    }
    const merged = (phases: Phase[]): Phase => ({
      latencies: phases.flatMap((phase) => phase.latencies),
      statuses: phases.reduce<Record<string, number>>((all, phase) => {
        for (const [status, count] of Object.entries(phase.statuses)) all[status] = (all[status] ?? 0) + count;
        return all;
      }, {}),
      errors: phases.reduce((sum, phase) => sum + phase.errors, 0),
      elapsed: phases.reduce((sum, phase) => sum + phase.elapsed, 0),
    });
    const cached = { supplier: summary(merged(totals.supplier)), own: summary(merged(totals.own)), supplierCalls: checks(), answerBytes };
    const costRatio = round((cached.own.rps ?? 0) / (cached.supplier.rps || 1), 3);
    log('cached supplier vs own', cached, 'cost ratio', costRatio);

    // 2. The supplier slow, then dead: the tour page and the picker on months not yet cached.
    const failure = async (mode: 'slow' | 'down', ahead: [number, number]) => {
      if (mode === 'slow') supplier.setDelay(5_000);
      else supplier.setDown(true);
      const before = checks();
      let next = 0;
      const pickerMonths = [month(ahead[0]), month(ahead[1])];
      const [tour, picker] = await Promise.all([
        measure(() => get(`${URL_BASE}/tour/${seeded.tourSlug}`), FAILURE_SECONDS, Math.ceil(CONNECTIONS / 2)),
        measure(() => get(byOffer(seeded.supplierOfferId, pickerMonths[next++ % 2]!)), FAILURE_SECONDS, Math.ceil(CONNECTIONS / 2)),
      ]);
      const onRequest = JSON.parse((await get(byOffer(seeded.supplierOfferId, pickerMonths[0]!))).body ?? '{}') as { onRequestReason?: string };
      const supplierCalls = checks() - before;
      // The supplier answers again: how long until the picker shows its live slots.
      supplier.setDelay(0);
      supplier.setDown(false);
      const started = performance.now();
      let recoveredMs: number | null = null;
      while (performance.now() - started < RECOVERY_LIMIT_MS + 15_000) {
        const answer = JSON.parse((await get(byOffer(seeded.supplierOfferId, pickerMonths[0]!))).body ?? '{}') as { hasLiveAvailability?: boolean };
        if (answer.hasLiveAvailability) {
          recoveredMs = round(performance.now() - started, 0);
          break;
        }
        await sleep(500);
      }
      const result = { tour: summary(tour), picker: summary(picker), answeredOnRequest: onRequest.onRequestReason === 'supplierUnavailable', supplierCalls, recoveredMs };
      log(mode, result);
      return result;
    };
    const slow = await failure('slow', [3, 4]);
    const down = await failure('down', [5, 6]);

    const checksSummary = {
      supplierCachedVsOwn: { value: costRatio, target: '≤ 1.2', pass: costRatio !== null && costRatio <= 1.2 },
      ...Object.fromEntries(
        (
          [
            ['slow', slow],
            ['down', down],
          ] as const
        ).flatMap(([mode, result]) => [
          [`${mode}TourP99`, { value: result.tour.p99, target: '< 200 ms', pass: result.tour.p99 !== null && result.tour.p99 < 200 && result.tour.errors === 0 }],
          [`${mode}PickerP99`, { value: result.picker.p99, target: '< 200 ms', pass: result.picker.p99 !== null && result.picker.p99 < 200 && result.picker.errors === 0 && result.answeredOnRequest }],
          [`${mode}Recovery`, { value: result.recoveredMs, target: '< 60000 ms', pass: result.recoveredMs !== null && result.recoveredMs < RECOVERY_LIMIT_MS }],
        ]),
      ),
    };
    const report = { date: new Date().toISOString(), machine: { cores: os.availableParallelism() }, connections: CONNECTIONS, seeded, cached, costRatio, slow, down, checks: checksSummary };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    agent.destroy();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await supplier.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench:suppliers] failed:', error instanceof Error ? error.stack : error);
  process.exit(1);
});
