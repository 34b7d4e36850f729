import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { portOpen } from './ports';

// A real redis-server for tests, on a port the test names, without persistence: it can be
// stopped and started again empty (a restart), or paused and resumed (a Redis that hangs).

const INSTALL_HINT = 'redis-server is missing: install the Debian package `redis-server` (apt-get install redis-server).';

/** Whether redis-server can run here; on CI a missing binary fails instead of skipping. */
export function redisServerAvailable(): boolean {
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!found && process.env.CI === 'true') throw new Error(INSTALL_HINT);
  if (!found) console.warn(`Skipped: ${INSTALL_HINT}`);
  return found;
}

export class RedisTestServer {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    this.child = child;
    await waitFor(() => portOpen(this.port), `redis-server on port ${this.port} did not start`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops answering without closing connections (SIGSTOP). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }
}


/** Polls `check` every 20 ms until it holds, for at most `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
