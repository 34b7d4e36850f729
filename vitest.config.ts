import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.dirname(fileURLToPath(import.meta.url)),
      // Server modules guard against client bundles with 'server-only'; tests run them directly.
      'server-only': fileURLToPath(new URL('tests/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    globals: true,
    include: ['tests/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'components/**/*.test.tsx'],
    setupFiles: ['tests/support/setup.ts'],
    globalSetup: ['tests/support/database-template.ts'],
    environment: 'node',
    // next-intl and next-auth import `next/…` without an extension, which only a bundler resolves.
    server: { deps: { inline: ['next-intl', 'next-auth'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
