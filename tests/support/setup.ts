import '@testing-library/jest-dom/vitest';

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
