import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { clientBoundary } from './eslint/client-boundary.mjs';
import { componentsRenderProps } from './eslint/components-render-props.mjs';

// One plugin namespace for the house rules: a flat config may not define `traveldesk` twice.
const traveldesk = { rules: { ...clientBoundary.rules, ...componentsRenderProps.rules } };

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
    plugins: { traveldesk },
    rules: { 'traveldesk/client-imports': 'error', 'traveldesk/shared-stays-client-safe': 'error', 'traveldesk/no-database': 'error' },
  },
  {
    // Next compiles instrumentation (the job runner), route handlers and pages as separate bundles:
    // an error made by one is not `instanceof` another's class. Ask its brand (server/errors.ts).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'proxy.ts', 'instrumentation.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator='instanceof'][right.name=/^(DomainError|Unauthorized|Forbidden|NotFound|RuleViolation|InvalidFields|Conflict|TooManyRequests|Maintenance|InvalidWebhook)$/]",
          message: 'Errors cross bundles: use isDomainError(error, kind) or isInvalidWebhook(error), not instanceof.',
        },
      ],
    },
  },
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', '.data-*/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**']),
]);
