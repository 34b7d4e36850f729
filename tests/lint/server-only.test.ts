import fs from 'node:fs';
import path from 'node:path';

// Every module of server/ guards against client bundles with `import 'server-only'`, except the
// client-safe folder and the few modules that Node loads outside Next (config, CLI, seed).
const root = path.resolve(__dirname, '../..');

const OUTSIDE_NEXT = [
  // next.config.ts compiles the routes and the headers from these.
  'server/routing/',
  'server/http/security-headers.ts',
  // The database CLI (`npm run db:migrate`, `db:seed`), the seed and the bench's data generator.
  'server/db/',
  'server/errors.ts',
  'server/auth/password.ts',
  'server/settings/defaults.ts',
  // The demo or production mode: read by the database CLI and start-up as well as by pages.
  'server/settings/deployment-mode.ts',
  // Loaded by instrumentation.ts before any request, and by its unit tests' plain http server; the
  // private header names by next.config.ts and the proxy too.
  'server/platform/',
  'server/http/trusted-proxy.ts',
  // The environment schema: checked by instrumentation.ts at start, before Next serves anything.
  'server/config/environment.ts',
];

function modules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return modules(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

describe('server-only', () => {
  const candidates = modules('server').filter(
    (file) => !file.startsWith('shared/') && !OUTSIDE_NEXT.some((prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix))),
  );

  it('guards every server module outside shared/', () => {
    const unguarded = candidates.filter((file) => !/^import 'server-only';$/m.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(unguarded).toEqual([]);
  });

  it('keeps shared/ free of it', () => {
    const guarded = modules('shared').filter((file) => /^import 'server-only';$/m.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(guarded).toEqual([]);
  });
});
