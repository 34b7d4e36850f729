import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { clientBoundary } from './eslint/client-boundary.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { traveldesk: clientBoundary },
    rules: { 'traveldesk/client-imports': 'error', 'traveldesk/shared-stays-client-safe': 'error' },
  },
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', '.data-*/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**']),
]);
