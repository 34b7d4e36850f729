// `node bench/compare-bookings.mjs <other checkout>`: this checkout's booking rate against another
// checkout's (e.g. a worktree at an older commit), both served at once on fresh embedded
// databases and measured in alternating short rounds. The bench's booking rate is measured once per
// run and this machine's speed drifts by a third within minutes, so two runs of `npm run bench`
// cannot tell a 10 % change from the drift; alternating rounds put the drift on both alike.
// Each checkout must have a build in `.next` (`npm run bench` or `next build` leaves one).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './lib/auth.mjs';
import { BOOKING_AGENTS, discoverSlots, runBookingLoad } from './lib/booking-load.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Traveldesk!2026';
const ROUNDS = Math.max(2, Number(process.env.COMPARE_ROUNDS ?? 8));
const ROUND_SECONDS = Number(process.env.COMPARE_ROUND_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAYMENT = process.env.BENCH_BOOKING_PAYMENT ?? 'cash';
const log = (...args) => console.error('[compare]', ...args);

const other = process.argv[2];
if (!other || !fs.existsSync(path.join(other, '.next', 'BUILD_ID'))) {
  console.error('Usage: node bench/compare-bookings.mjs <other checkout with a build in .next>');
  process.exit(1);
}
const sides = [
  { name: 'this', root: ROOT, port: 3711 },
  { name: path.basename(path.resolve(other)), root: path.resolve(other), port: 3712 },
];

const children = [];
const dataDirs = [];
function stopAll() {
  // Each portal is a process group (scripts/start.mjs and the Next server it starts).
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

for (const side of sides) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-bookings-'));
  dataDirs.push(dataDir);
  const env = {
    ...process.env,
    PORT: String(side.port),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DEMO: 'on',
    PAYMENTS_SANDBOX: 'on',
    TRAVELDESK_TEST_BUILD: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  delete env.DATABASE_URL;
  children.push(spawn(process.execPath, ['scripts/start.mjs'], { cwd: side.root, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] }));
  side.url = `http://127.0.0.1:${side.port}`;
}

for (const side of sides) {
  const deadline = Date.now() + 240_000;
  while (!(await fetch(`${side.url}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error(`${side.url} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  side.cookies = [];
  for (const email of BOOKING_AGENTS) side.cookies.push(await signIn(side.url, { email, password: PASSWORD }));
  side.slots = (await discoverSlots(side.url, side.cookies[0])).slots;
  side.rates = [];
  log(`${side.name}: ${side.slots.length} bookable slots`);
}

for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const load = { cookies: side.cookies, slots: side.slots, paymentMethod: PAYMENT, seconds: ROUND_SECONDS, warmupSeconds: round === 0 ? 2 : 0.5, connections: CONNECTIONS };
    const result = await runBookingLoad(side.url, load);
    side.rates.push(result.perSecond);
    log(`round ${round + 1} ${side.name}: ${result.perSecond}/s, p50 ${result.p50} ms`);
  }
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const [self, base] = sides;
console.log(
  JSON.stringify({
    payment: PAYMENT,
    rounds: ROUNDS,
    secondsPerRound: ROUND_SECONDS,
    bookingsPerSecond: Object.fromEntries(sides.map((side) => [side.name, Math.round(mean(side.rates) * 10) / 10])),
    ratio: Math.round((mean(self.rates) / mean(base.rates)) * 1000) / 1000,
  }),
);
process.exit(0);
