// A real nginx (rendered from deploy/nginx/cluster.conf.template, as scripts/cluster.mjs renders
// it) in front of a real portal (the test build in .next, on a fresh embedded database), for the
// edge-cache tests. Each is started by the test, in a process group of its own, and stopped with it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { portOpen } from '../../support/ports';

export const ROOT = path.resolve(__dirname, '../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? null;
const MODULES_DIR = '/usr/lib/nginx/modules';
const MODULES: Record<string, string> = {
  'ngx_http_cache_purge_module.so': 'libnginx-mod-http-cache-purge',
  'ngx_http_brotli_filter_module.so': 'libnginx-mod-http-brotli-filter',
  'ngx_http_brotli_static_module.so': 'libnginx-mod-http-brotli-static',
};

/** What this machine lacks to run nginx with the template's modules: a sentence naming the Debian packages, or null. */
export function missingNginx(): string | null {
  const packages = [...(NGINX ? [] : ['nginx']), ...Object.entries(MODULES).filter(([file]) => !fs.existsSync(path.join(MODULES_DIR, file))).map(([, debian]) => debian)];
  return packages.length > 0 ? `nginx with its cache purge and brotli modules is missing: apt-get install ${packages.join(' ')}` : null;
}

/** Whether .next holds a test build (`TRAVELDESK_TEST_BUILD=1 npx next build`; `npm test` makes one first). */
export function missingTestBuild(): string | null {
  try {
    if (fs.readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim().startsWith('test-')) return null;
  } catch {
    // no build at all
  }
  return 'no test build in .next: run `TRAVELDESK_TEST_BUILD=1 npx next build` (npm test builds one first)';
}

export function renderNginxTemplate({ dir, port, portalPorts, cache }: { dir: string; port: number; portalPorts: number[]; cache: boolean }): string {
  const values: Record<string, string> = {
    DIR: dir,
    LISTEN: `127.0.0.1:${port}`,
    PORT: String(port),
    MODULES: Object.keys(MODULES)
      .map((file) => `load_module ${path.join(MODULES_DIR, file)};`)
      .join('\n'),
    UPSTREAMS: portalPorts.map((portalPort) => `    server 127.0.0.1:${portalPort} max_fails=1 fail_timeout=2s;`).join('\n'),
    CACHE: cache ? 'on' : 'off',
    USER: process.getuid?.() === 0 ? 'user www-data;' : '',
  };
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/cluster.conf.template'), 'utf8');
  return template.replace(/\$\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}


async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start in ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
}

type Started = { stop(): Promise<void> };

export const PORTAL_AUTH_SECRET = 'edge-cache-test-secret-not-for-production-00';

function startGroup(command: string, args: string[], { env, logFile }: { env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  return child;
}

async function stopGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** The portal's test build on `port`, on a fresh embedded database in `dir`, migrated and demo-seeded. */
export async function startPortal({ dir, port, env }: { dir: string; port: number; env: Record<string, string> }): Promise<Started> {
  const logFile = path.join(dir, `portal-${port}.log`);
  const child = startGroup(process.execPath, ['scripts/start.mjs'], {
    logFile,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, `data-${port}`),
      DEMO: 'on',
      TRAVELDESK_TEST_BUILD: '1',
      AUTH_SECRET: PORTAL_AUTH_SECRET,
      ...env,
    },
  });
  await waitFor('the portal', async () => (await request({ port, path: '/api/health' })).status === 200, child, logFile, 240_000);
  return { stop: () => stopGroup(child, 'SIGTERM') };
}

export async function startNginx({ dir, port, portalPorts, cache = true }: { dir: string; port: number; portalPorts: number[]; cache?: boolean }): Promise<Started & { cacheDir: string }> {
  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'cache'), { recursive: true });
  // Started as root, nginx's workers run as www-data and write the cache and temp files here.
  if (process.getuid?.() === 0) for (const folder of [dir, nginxDir, path.join(nginxDir, 'cache')]) fs.chmodSync(folder, 0o777);
  const configFile = path.join(nginxDir, 'nginx.conf');
  fs.writeFileSync(configFile, renderNginxTemplate({ dir: nginxDir, port, portalPorts, cache }));
  const base = ['-e', path.join(nginxDir, 'startup-error.log'), '-p', nginxDir, '-c', configFile];
  execFileSync(NGINX!, [...base, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const logFile = path.join(nginxDir, 'nginx.log');
  const child = startGroup(NGINX!, base, { env: process.env, logFile });
  await waitFor('nginx', () => portOpen(port), child, logFile, 20_000);
  return { cacheDir: path.join(nginxDir, 'cache'), stop: () => stopGroup(child, 'SIGQUIT') };
}

/** `body` is the bytes read as UTF-8; `bytes` as they came (compressed, when the answer is). */
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer };

/** One HTTP/1.1 request to 127.0.0.1 (node:http, so `Host` is sent as given). */
export function request({ port, path: requestPath, method = 'GET', headers = {}, body }: { port: number; path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, path: requestPath, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString('utf8'), bytes });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`${method} ${requestPath} timed out`)));
    outgoing.end(body);
  });
}

/** Every file nginx's cache holds (one per stored answer), with its bytes. */
export function cachedFiles(cacheDir: string): { file: string; text: string }[] {
  if (!fs.existsSync(cacheDir)) return [];
  return fs
    .readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(cacheDir, entry))
    .filter((file) => fs.statSync(file).isFile())
    .map((file) => ({ file, text: cachedText(fs.readFileSync(file)) }));
}

/**
 * A cache file as text: nginx's header and key, the answer's headers, and its body — unzipped when
 * the portal sent it gzip (nginx asks the portals for gzip), so a search of it sees what it holds.
 */
function cachedText(bytes: Buffer): string {
  const bodyStart = bytes.indexOf('\r\n\r\n');
  if (bodyStart < 0) return bytes.toString('latin1');
  const head = bytes.subarray(0, bodyStart + 4).toString('latin1');
  const body = bytes.subarray(bodyStart + 4);
  return head + (/^content-encoding:\s*gzip\s*$/im.test(head) ? zlib.gunzipSync(body).toString('utf8') : body.toString('latin1'));
}
