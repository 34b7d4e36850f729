import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENVIRONMENT, environmentProblems, isKnownVariable } from '@/server/config/environment';

// compose.yaml and the Dockerfile, read as files (no Docker on the machines that run the tests):
// the portals set only variables the environment schema names, with values it accepts and the
// ones production needs; ports, health checks, the non-root user and the stages are as
// docs/deployment.md says.

const root = path.resolve(__dirname, '../..');
const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as Compose;
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');

type Service = {
  build?: { context: string; target?: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  stop_grace_period?: string;
};
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> };

/**
 * Variables compose.yaml sets for settings other branches add to the schema (the shared cache,
 * the edge purge, the graceful shutdown). Each is accepted while the schema does not name it;
 * once it does, the ordinary check applies. Drop an entry when its branch is merged.
 */
const NAMED_BY_OTHER_BRANCHES = ['REDIS_URL', 'EDGE_PURGE_NGINX_URLS', 'SHUTDOWN_TIMEOUT_SECONDS'];

const portals = Object.entries(compose.services).filter(([, service]) => service.image === compose.services['portal-1']?.image);

/** `${NAME:-default}` / `${NAME:?message}` as compose would fill them from a complete `.env`. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::[-?]([^}]*))?\}/g, (_match, name: string, fallback: string | undefined) => (name.endsWith('SECRET') || name.endsWith('PASSWORD') ? 'a-secret-value' : (fallback ?? '')));
}

function stages(): { name: string; from: string; body: string }[] {
  const parts = dockerfile.split(/^FROM /m).slice(1);
  return parts.map((part) => {
    const [header = '', ...rest] = part.split('\n');
    const [from = '', , name = ''] = header.trim().split(/\s+/);
    return { name, from, body: rest.join('\n') };
  });
}

describe('compose.yaml', () => {
  it('runs two portals of one image behind nginx, with PostgreSQL, Redis and an S3-compatible store', () => {
    expect(portals.map(([name]) => name)).toEqual(['portal-1', 'portal-2']);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['nginx', 'postgres', 'redis', 'minio', 'minio-bucket']));
    for (const [name, service] of portals) {
      expect(service.build?.target, name).toBe('runtime');
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition, name).toBe('service_healthy');
      expect(service.depends_on?.['minio-bucket']?.condition, name).toBe('service_completed_successfully');
      // Only nginx is published; a portal is reached through it.
      expect(service.ports, name).toBeUndefined();
    }
    // The second portal starts after the first is healthy: the first start migrates once.
    expect(compose.services['portal-2']?.depends_on?.['portal-1']?.condition).toBe('service_healthy');
  });

  it('sets on the portals only variables the environment schema names, each with a value it accepts', () => {
    for (const [name, service] of portals) {
      const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]));
      const unknown = Object.keys(environment).filter((key) => !isKnownVariable(key) && !NAMED_BY_OTHER_BRANCHES.includes(key));
      expect(unknown, `${name}: add these to server/config/environment.ts and the README`).toEqual([]);
      expect(environmentProblems(environment), name).toEqual([]);
      // The build arguments are settings too (HOSTS, PUBLIC_ORIGINS), checked the same way.
      const args = service.build?.args ?? {};
      expect(Object.keys(args).every(isKnownVariable), name).toBe(true);
      expect(environmentProblems(args), name).toEqual([]);
    }
  });

  it('gives each portal what production on several machines needs', () => {
    for (const [name, service] of portals) {
      const environment = service.environment ?? {};
      expect(environment.DEMO, name).toBe('off');
      expect(String(environment.DATABASE_URL), name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      // Required, never defaulted: compose refuses to start without it.
      expect(String(environment.AUTH_SECRET), name).toMatch(/^\$\{AUTH_SECRET:\?/);
      expect(environment.TRUSTED_PROXY_HOPS, name).toBe('1');
      expect(environment.S3_BUCKET, name).toBeTruthy();
      expect(String(environment.S3_ENDPOINT), name).toBe('http://minio:9000');
      expect(String(environment.REDIS_URL), name).toBe('redis://redis:6379');
      // Nothing test-only in an operator's deployment.
      for (const key of Object.keys(environment)) expect(ENVIRONMENT[key as keyof typeof ENVIRONMENT]?.group, `${name} ${key}`).not.toBe('test');
      expect(environment.PAYMENTS_SANDBOX, name).toBeUndefined();
      // Both portals are the same deployment: the same settings and the same build.
      expect(environment, name).toEqual(portals[0]![1].environment);
      expect(service.build, name).toEqual(portals[0]![1].build);
    }
  });

  it('has health checks on every long-running service, and the portal one asks /api/health on its PORT', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'minio-bucket') continue;
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(1);
    }
    for (const [name, service] of portals) {
      expect(service.healthcheck?.test.join(' '), name).toContain(`127.0.0.1:${service.environment?.PORT}/api/health`);
      expect(service.expose, name).toEqual([String(service.environment?.PORT)]);
      // Longer than the portal's own shutdown bound, so Docker does not kill it mid-request.
      expect(Number.parseInt(service.stop_grace_period ?? '10s', 10), name).toBeGreaterThan(Number(service.environment?.SHUTDOWN_TIMEOUT_SECONDS ?? 20));
    }
  });

  it('publishes nginx alone, on 80 and 443, mounting the sample config of deploy/nginx/', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name)).toEqual(['nginx']);
    const nginx = compose.services.nginx!;
    expect(nginx.ports).toEqual(['80:80', '443:443']);
    expect(nginx.build?.target).toBe('nginx');
    expect(nginx.volumes).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const volume of nginx.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(source.startsWith('./deploy/nginx/'), volume).toBe(true);
      else expect(Object.keys(compose.volumes ?? {}), volume).toContain(source);
    }
    // The portals purge through nginx's purge server (the port the nginx stage exposes).
    expect(portals[0]![1].environment?.EDGE_PURGE_NGINX_URLS).toBe('http://nginx:8081/_edge-purge');
  });

  it('keeps the secrets out of the file: each comes from the shell or .env', () => {
    const text = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    for (const name of ['AUTH_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      const assignments = [...text.matchAll(new RegExp(`${name}: (.*)`, 'g'))].map((match) => match[1]!.trim());
      expect(assignments.length, name).toBeGreaterThan(0);
      for (const value of assignments) expect(value, name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
  });
});

describe('Dockerfile', () => {
  it('builds in stages on Node 20 Debian slim, and the last (the default target) is the runtime', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(stages().map(({ name }) => name)).toEqual(['deps', 'build', 'nginx', 'runtime']);
    for (const stage of stages().filter(({ name }) => name !== 'nginx')) expect(stage.from).toBe('${NODE_IMAGE}');
    expect(stages().find(({ name }) => name === 'deps')?.body).toContain('RUN npm ci');
    expect(stages().find(({ name }) => name === 'build')?.body).toMatch(/next build/);
  });

  it('takes HOSTS and PUBLIC_ORIGINS as build arguments, since the build compiles them in', () => {
    for (const stage of ['build', 'runtime']) {
      const body = stages().find(({ name }) => name === stage)!.body;
      expect(body, stage).toMatch(/^ARG HOSTS=/m);
      expect(body, stage).toMatch(/^ARG PUBLIC_ORIGINS=/m);
      expect(body, stage).toMatch(/HOSTS=\$\{HOSTS\}/);
    }
  });

  it('runs the standalone server through npm start, as a user that is not root, with a health check', () => {
    const runtime = stages().find(({ name }) => name === 'runtime')!.body;
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime.indexOf('USER node')).toBeLessThan(runtime.indexOf('CMD ['));
    expect(runtime).toContain('COPY --from=build --chown=node:node /app/.next/standalone ./.next/standalone');
    // Next's docs: the browser's files beside the standalone server.
    expect(runtime).toContain('/app/.next/static ./.next/standalone/.next/static');
    expect(runtime).toContain('/app/public ./.next/standalone/public');
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(runtime).toMatch(/^CMD \["node", "scripts\/start\.mjs"\]$/m);
    expect(runtime).toMatch(/HOSTNAME=0\.0\.0\.0/);
    // Every variable the image sets is the portal's (or the platform's).
    const envBlock = runtime.match(/^ENV ([\s\S]*?)\n(?!\s)/m)![1]!;
    const names = [...envBlock.matchAll(/([A-Z_]+)=/g)].map((match) => match[1]!).filter((name) => name !== 'NEXT_TELEMETRY_DISABLED');
    expect(names.filter((name) => !isKnownVariable(name))).toEqual([]);
  });

  it('leaves local builds, data and secrets out of the build context', () => {
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '.next', '.data', '.data-*', '.env*', '.git']));
  });
});
