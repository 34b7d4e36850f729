import { expect } from 'vitest';

// The DOM matchers and Testing Library only for the files that render (`.tsx`): loading them for
// every file cost each of the other hundred-odd files its import.
if (expect.getState().testPath?.endsWith('.tsx')) {
  await import('@testing-library/jest-dom/vitest');
  const { configure } = await import('@testing-library/dom');
  // Two test files run at once on a two-core machine (vitest.config.ts), and a lazily loaded
  // island can take more than Testing Library's default second to appear.
  configure({ asyncUtilTimeout: 5_000 });
}

// An unexpected console.error is a failing test: it usually hides a React or data warning.
const originalError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  };
});
afterEach(() => {
  console.error = originalError;
});
