import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingNginx, ROOT } from './support/servers';

// The operators' sample (deploy/nginx/nginx.conf) is a config nginx accepts, with the rules
// docs/edge-caching.md promises: checked by Debian's nginx itself (`nginx -t`), its machine paths
// certificate and listeners moved to a temporary directory and loopback ports.

const missing = missingNginx() ?? (fs.existsSync('/usr/bin/openssl') ? null : 'openssl is missing: apt-get install openssl');
if (missing && process.env.CI === 'true') throw new Error(missing);

const sample = fs.readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf'), 'utf8');

describe('the sample nginx config', () => {
  it.skipIf(missing !== null && process.env.CI !== 'true')(`is accepted by nginx${missing ? ` (skipped: ${missing})` : ''}`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-sample-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'privkey.pem'), '-out', path.join(dir, 'fullchain.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
      const config = sample
        .replaceAll('/etc/ssl/traveldesk', dir)
        .replaceAll('/var/cache/nginx/traveldesk', path.join(dir, 'cache'))
        .replaceAll('/var/log/nginx', dir)
        .replaceAll('/run/nginx.pid', path.join(dir, 'nginx.pid'))
        .replace(/^user www-data;$/m, process.getuid?.() === 0 ? 'user www-data;' : '')
        // `nginx -t` binds every listener: this machine's loopback, on ports of this test's range.
        .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
        .replace('listen 80;', 'listen 127.0.0.1:4396;')
        .replace('listen 443 ssl http2;', 'listen 127.0.0.1:4397 ssl http2;')
        .replace('listen 10.0.0.10:8081;', 'listen 127.0.0.1:4398;');
      fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
      const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => fs.existsSync(candidate))!;
      const output = execFileSync(nginx, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-t'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(output).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the rules the portal and the docs rely on', () => {
    for (const rule of [
      'proxy_cache_key $scheme$host$request_uri;',
      'proxy_ignore_headers Vary;',
      'proxy_no_cache $traveldesk_signed_in $http_authorization $traveldesk_flight;',
      'proxy_cache_bypass $traveldesk_signed_in $http_authorization $traveldesk_flight;',
      'proxy_next_upstream error timeout http_502 http_504;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_cache_purge traveldesk_pages $1$2$3$is_args$args;',
      'listen 443 ssl http2;',
      'brotli on;',
      'gzip on;',
    ]) {
      expect(sample, rule).toContain(rule);
    }
    // A POST goes to a second portal only when it carries an Idempotency-Key (one key is answered
    // once, whichever portal it reaches): a booking must not be made twice.
    for (const config of [sample, fs.readFileSync(path.join(ROOT, 'deploy/nginx/cluster.conf.template'), 'utf8')]) {
      const retried = [...config.matchAll(/location ([^{\s]+) \{[^}]*proxy_next_upstream[^;]*non_idempotent/g)].map((match) => match[1]);
      expect(retried).toEqual(['@idempotent_api']);
      expect(config).toMatch(/if \(\$http_idempotency_key\) \{\s*return 418;\s*\}/);
      expect(config).toContain('error_page 418 = @idempotent_api;');
    }
    // The template the cluster script renders has the same cache and failover rules.
    const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/cluster.conf.template'), 'utf8');
    for (const rule of ['proxy_cache_key $scheme$host$request_uri;', 'proxy_ignore_headers Vary;', 'proxy_next_upstream error timeout http_502 http_504;', 'proxy_cache_purge traveldesk_pages $1$2$3$is_args$args;']) {
      expect(template, rule).toContain(rule);
    }
  });
});
