import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILES = ['tests/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'components/**/*.test.tsx'];

/**
 * On PostgreSQL (DATABASE_URL set: CI's second run) only the files that open a database run. The
 * rest (rules, components, routing, lint) do not touch one and would repeat the PGlite run.
 */
function filesOpeningADatabase(): string[] {
  return ['tests', 'server', 'components'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file))
      .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('createTestDatabase')),
  );
}

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': root,
      // Server modules guard against client bundles with 'server-only'; tests run them directly.
      'server-only': fileURLToPath(new URL('tests/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    globals: true,
    include: process.env.DATABASE_URL ? filesOpeningADatabase() : TEST_FILES,
    setupFiles: ['tests/support/setup.ts'],
    globalSetup: ['tests/support/database-template.ts'],
    environment: 'node',
    // Vitest's default on two cores is one worker, but a test file spends much of its time waiting
    // on its database or a socket: two workers took the PGlite suite from 435 s to 305 s there.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    // next-intl and next-auth import `next/…` without an extension, which only a bundler resolves.
    server: { deps: { inline: ['next-intl', 'next-auth'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
