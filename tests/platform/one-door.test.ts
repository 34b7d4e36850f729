import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every patch of Node's or Next's internals lives in server/platform and is listed in
// docs/platform-workarounds.md with its guard test: a patch or a private name anywhere else in the
// production code fails here. Tests, benchmarks and scripts may read Next's internals (to guard them).

const PLATFORM = 'server/platform/';
const PRODUCTION = ['app', 'components', 'server', 'shared', 'i18n', 'messages', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'];

function sourceFiles(entry: string): string[] {
  if (fs.statSync(entry).isFile()) return [entry];
  return fs
    .readdirSync(entry, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(entry, file).split(path.sep).join('/'))
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.endsWith('.d.ts') && fs.statSync(file).isFile());
}

const files = PRODUCTION.flatMap(sourceFiles).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
const outsidePlatform = files.filter(({ file }) => !file.startsWith(PLATFORM));
const offenders = (pattern: RegExp) => outsidePlatform.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('one door for platform workarounds', () => {
  it('patches no prototype and no built-in outside server/platform', () => {
    expect(offenders(/\bprototype(?:\.\w+)?\s*=(?!=)|defineProperty\([^,]*prototype|\.destroySoon\s*=(?!=)/)).toEqual([]);
    expect(offenders(/\b(?:Buffer|JSON|Math|Object|Promise|globalThis\.fetch)\.\w+\s*=(?!=)/)).toEqual([]);
  });

  it('names Next’s and next-intl’s private request headers only in server/platform', () => {
    expect(offenders(/['"](?:x-action-redirect|x-action-forwarded|x-next-intl-locale)['"]/i)).toEqual([]);
  });

  it('imports no private module of Next in production code', () => {
    expect(offenders(/from ['"]next\/dist\//)).toEqual([]);
  });

  it('finds the patches it guards where they are', () => {
    const platform = files.filter(({ file }) => file.startsWith(PLATFORM)).map(({ text }) => text).join('\n');
    expect(platform).toMatch(/Object\.defineProperty\(prototype, 'end'/);
    expect(platform).toMatch(/Buffer\.byteLength = function/);
    expect(platform.match(/prototype\.emit = function/g)).toHaveLength(3);
  });
});
