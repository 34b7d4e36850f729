import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { builtKind } from '../../scripts/build-kind.mjs';

// A real portal process started the way an operator starts it (`npm start`: scripts/start.mjs
// running `next start` as its child), on the build in .next, for the lifecycle tests.

const root = path.resolve(__dirname, '../..');

/** The kind of build in .next, or null: these tests serve a build, they never make one. */
export const BUILT_KIND = builtKind(root);

export const NO_BUILD_MESSAGE = 'The lifecycle tests start the built portal: run `TRAVELDESK_TEST_BUILD=1 npx next build` first (`npm test` builds it).';

/** Variables of the test runner's own environment that would change the portal's mode. */
const MODE_VARIABLES = ['DEMO', 'STAGING', 'PAYMENTS_SANDBOX', 'TEST_HOOKS', 'TRAVELDESK_TEST_BUILD', 'SEED_DEMO', 'DATABASE_URL', 'DATA_DIR', 'NODE_ENV', 'PORT', 'JOBS', 'SHUTDOWN_TIMEOUT_SECONDS'];

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export type PortalProcess = {
  port: number;
  url: string;
  /** `npm start`'s process (scripts/start.mjs). */
  launcher: ChildProcess;
  /** The pid of the Next server, the launcher's child. */
  serverPid: number;
  /** Everything both processes printed so far. */
  output: () => string;
  exited: Promise<Exit>;
  /** The embedded database's directory lock file, when the portal runs on PGlite. */
  lockFile: string | null;
  /** Kills whatever is left (a test that failed half-way) and removes the data directory. */
  dispose: () => Promise<void>;
};

/** Ports handed to portals of this file already (two may start at once). */
const handedOut = new Set<number>();

/** The first free port from E2E_PORT + 10 on (the e2e server's own range, unused while vitest runs). */
async function freePort(): Promise<number> {
  const base = Number(process.env.E2E_PORT ?? 3100) + 10;
  for (let port = base; port < base + 90; port += 1) {
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
    handedOut.delete(port);
  }
  throw new Error(`No free port in ${base}–${base + 89}`);
}

/** The pids of `pid`'s children (Linux). */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the portal on `databaseUrl` (PostgreSQL) or a new embedded database, in the demo (a test
 * build is served only there), and waits until `/api/ready` answers 200.
 */
export async function startPortal(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<PortalProcess> {
  if (!BUILT_KIND) throw new Error(NO_BUILD_MESSAGE);
  const port = await freePort();
  const dataDir = options.databaseUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-lifecycle-'));
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !MODE_VARIABLES.includes(name)));
  const env: Record<string, string | undefined> = {
    ...base,
    PORT: String(port),
    DEMO: 'on',
    AUTH_SECRET: 'lifecycle-test-secret-not-for-production-0000',
    NEXT_TELEMETRY_DISABLED: '1',
    ...(BUILT_KIND === 'test' ? { TRAVELDESK_TEST_BUILD: '1' } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir! }),
    ...options.env,
  };
  let output = '';
  const launcher = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => launcher.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const url = `http://127.0.0.1:${port}`;
  const lockFile = dataDir ? `${path.join(dataDir, 'pglite')}.lock` : null;
  let serverPid = 0;
  const dispose = async () => {
    for (const pid of [serverPid, launcher.pid ?? 0]) if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (launcher.exitCode !== null) throw new Error(`The portal exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The portal was not ready within 120 s:\n${output}`);
      const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    serverPid = childrenOf(launcher.pid!)[0] ?? 0;
    if (!serverPid) throw new Error('The launcher has no server child');
  } catch (error) {
    await dispose();
    throw error;
  }
  return { port, url, launcher, serverPid, output: () => output, exited, lockFile, dispose };
}
