import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT, environmentProblems, EnvironmentError, validateEnvironment, VARIABLE_NAMES } from '@/server/config/environment';

// The environment schema (server/config/environment.ts) is the one list of the portal's settings:
// the source may read no variable it does not name, and two tables document exactly the
// variables it names: docs/configuration.md's Settings table the portal's, docs/testing.md's Settings table
// the test runners' (not those Node, Next or CI set themselves).

const root = path.resolve(__dirname, '../..');

/** The portal's code: the app, its server, the start and test runners, the root config files. Not bench/ (bench/README.md), tests/ or e2e/. */
const SOURCE_DIRS = ['app', 'components', 'server', 'shared', 'i18n', 'scripts'];
const SOURCE_FILES = ['instrumentation.ts', 'proxy.ts', 'next.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'drizzle.config.ts'];
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;

function sourceFiles(): string[] {
  const files = SOURCE_FILES.filter((file) => fs.existsSync(path.join(root, file)));
  for (const dir of SOURCE_DIRS) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (CODE.test(entry) && !entry.includes('node_modules')) files.push(path.join(dir, entry));
    }
  }
  return files.filter((file) => !NOT_SCANNED.includes(file));
}

/** SCREAMING_CASE literals in such files that are no variable: Next's build id file. */
const NOT_VARIABLES = ['BUILD_ID'];
/** The schema itself (its comments show the read forms). */
const NOT_SCANNED = [path.join('server', 'config', 'environment.ts')];

/**
 * The variables a file reads: `process.env.X`, `env.X`, `env?.X`, `env['X']`. A file that looks a
 * name up (`env[name]`) has its names as string literals: there every SCREAMING_CASE literal
 * counts (the payment providers' keys, start.mjs's mode variables).
 */
function variablesRead(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g)) names.add(match[1]!);
  if (/\benv\[\s*[a-zA-Z_][\w.]*\s*\]/.test(source)) {
    for (const match of source.matchAll(/['"`]([A-Z][A-Z0-9]*_[A-Z0-9_]+)['"`]/g)) {
      if (!NOT_VARIABLES.includes(match[1]!)) names.add(match[1]!);
    }
  }
  return [...names];
}

/** The variables named in the first column of the table under `heading` in the markdown file `file`. */
function documentedTable(file: string, heading: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const section = text.split(new RegExp(`^## ${heading}$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('the environment schema', () => {
  it('names every variable the source reads', () => {
    const unnamed: string[] = [];
    const seen = new Set<string>();
    for (const file of sourceFiles()) {
      for (const name of variablesRead(fs.readFileSync(path.join(root, file), 'utf8'))) {
        seen.add(name);
        if (!Object.hasOwn(ENVIRONMENT, name)) unnamed.push(`${file}: ${name}`);
      }
    }
    expect(unnamed, 'add these to server/config/environment.ts (and docs/configuration.md)').toEqual([]);
    // The scan does see the readers (a broken pattern would pass the check above vacuously).
    expect([...seen]).toEqual(expect.arrayContaining(['DATABASE_URL', 'HOSTS', 'PAYMENT_HOLD_MINUTES', 'STRIPE_SECRET_KEY', 'AUTH_SECRET_1', 'STAGING']));
  });

  it('finds reads in each form the source uses', () => {
    expect(variablesRead("const a = process.env.ONE; const b = env?.TWO; env['THREE'];").sort()).toEqual(['ONE', 'THREE', 'TWO']);
    expect(variablesRead("const value = (name) => env[name]; value('SOME_KEY'); const code = 'lowercase'; fs.readFileSync('BUILD_ID');").sort()).toEqual(['SOME_KEY']);
    expect(variablesRead('const x = environment.NOT_ENV; process.env;')).toEqual([]);
  });

  it("is docs/configuration.md's Settings table and docs/testing.md's Settings table, both ways (what Node, Next and CI set aside)", () => {
    const inGroup = (group: string) => VARIABLE_NAMES.filter((name) => ENVIRONMENT[name].group === group).sort();
    expect(documentedTable('docs/configuration.md', 'Settings')).toEqual(inGroup('portal'));
    expect(documentedTable('docs/testing.md', 'Settings')).toEqual(inGroup('test'));
  });

  it('gives every variable a default and a meaning', () => {
    for (const name of VARIABLE_NAMES) {
      expect(ENVIRONMENT[name].default, name).not.toBe('');
      expect(ENVIRONMENT[name].meaning.length, name).toBeGreaterThan(5);
    }
  });
});

describe('validateEnvironment', () => {
  it('passes an empty environment, the e2e server one and a production one', () => {
    expect(environmentProblems({})).toEqual([]);
    expect(
      environmentProblems({
        PORT: '3100',
        DEMO: 'on',
        TEST_HOOKS: '1',
        PAYMENTS_SANDBOX: 'on',
        SUPPLIERS_ALLOW_PRIVATE_ADDRESSES: 'on',
        WIDGET_DNS_SERVERS: '127.0.0.1:5353',
        TRUSTED_PROXY_HOPS: '1',
        PAYMENT_HOLD_MINUTES: '0.05',
      }),
    ).toEqual([]);
    expect(
      environmentProblems({
        DATABASE_URL: 'postgres://portal:secret@db:5432/traveldesk',
        AUTH_SECRET: 'x'.repeat(43),
        HOSTS: '{"b2b.example.com":"main","ru.example.com":"russian"}',
        PUBLIC_ORIGINS: '{"main":"https://b2b.example.com","russian":"https://ru.example.com"}',
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://minio:9000',
        SMTP_URL: 'smtp://user:pass@mail:587',
        DATABASE_POOL_SIZE: '20',
        JOBS: 'off',
        // Not the portal's: passes through untouched.
        PATH: '/usr/bin',
        // Empty is unset (compose files write `VAR: ""`).
        GOOGLE_TAG_URL: '',
      }),
    ).toEqual([]);
  });

  it('names each bad value with its rule, and never prints a secret', () => {
    const problems = environmentProblems({
      PORT: 'eighty',
      DEMO: 'yes',
      HOSTS: '{"b2b.example.com":"primary"}',
      PUBLIC_ORIGINS: 'not json',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      DATABASE_POOL_SIZE: '0',
      PAYMENT_HOLD_MINUTES: '-1',
    });
    expect(problems.sort()).toEqual([
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (it is `0`).',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://.',
      'DEMO must be `on` or `off` (it is `yes`).',
      'HOSTS must be a JSON object of host name to variant (`main`, `second` or `russian`) (it is `{"b2b.example.com":"primary"}`).',
      'PAYMENT_HOLD_MINUTES must be a number above 0 (it is `-1`).',
      'PORT must be a whole number from 1 to 65535 (it is `eighty`).',
      'PUBLIC_ORIGINS must be a JSON object of variant (`main`, `second`, `russian`) to an origin such as `https://b2b.example.com` (it is `not json`).',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('throws one error listing them all', () => {
    expect(() => validateEnvironment({ JOBS: 'no', TRUSTED_PROXY_HOPS: 'one' })).toThrow(EnvironmentError);
    expect(() => validateEnvironment({ JOBS: 'no', TRUSTED_PROXY_HOPS: 'one' })).toThrow(/JOBS must be `on` or `off`[\s\S]*TRUSTED_PROXY_HOPS must be a whole number/);
  });
});
