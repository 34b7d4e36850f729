// The two kinds of build in `.next`: production (`npm run build`, `npm start`) and the test build
// (`npm test`, `npm run bench`, the e2e server), which also compiles the test-only routes
// (app/**/*.test-route.ts[x]: the bench's framework floor, the e2e render error, the test hooks).
// next.config.ts picks the kind from TRAVELDESK_TEST_BUILD and stamps a test build's BUILD_ID
// `test-…`, so the build itself says what it is (docs/decisions/test-only-routes.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TEST_BUILD_ENV = 'TRAVELDESK_TEST_BUILD';

/** `'test'`, `'production'`, or null when `root` has no finished build. */
export function builtKind(root = '.') {
  let buildId;
  try {
    buildId = fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return null;
  }
  return buildId.startsWith('test-') ? 'test' : 'production';
}

/** The kind a process asks for: a test build when TRAVELDESK_TEST_BUILD=1. */
export function wantedKind(env) {
  return env[TEST_BUILD_ENV] === '1' ? 'test' : 'production';
}

/** Runs `next build` of `kind` in `root`; returns its exit status. */
export function buildNext(kind, { env = process.env, root = '.', stdio = 'inherit' } = {}) {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const buildEnv = { ...env, NEXT_TELEMETRY_DISABLED: '1', [TEST_BUILD_ENV]: kind === 'test' ? '1' : undefined };
  return spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env: buildEnv, stdio }).status ?? 1;
}
