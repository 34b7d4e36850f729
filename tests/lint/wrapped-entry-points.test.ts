import path from 'node:path';
import { scanEntryPoints } from './wrapped-entry-points';

// Every server action and route handler goes through its wrapper (server/actions/run-action.ts,
// server/http/run-route.ts): checked on the repository itself, and shown to fail on a fixture.
const root = path.resolve(__dirname, '../..');

describe('entry points go through the wrappers', () => {
  it('flags every unwrapped export of the fixture, and nothing wrapped or allowed by name', () => {
    const { findings, entryPoints } = scanEntryPoints(path.join(__dirname, 'fixtures/unwrapped'));
    expect(findings.map(({ file, name }) => `${file} ${name}`).sort()).toEqual([
      'app/api/leak/route.ts POST',
      'components/inline-action-form.tsx saveInline',
      'server/leaky/leaky-actions.ts bareAction',
      'server/leaky/leaky-actions.ts impostorAction',
      'server/leaky/leaky-actions.ts leakAction',
    ]);
    expect(findings.find((finding) => finding.name === 'leakAction')).toMatchObject({ line: 16, problem: expect.stringContaining('function declaration') });
    // Seen and let through: the wrapped ones, the allowed name; segment config is no entry point.
    expect(entryPoints).toEqual(expect.arrayContaining(['server/leaky/leaky-actions.ts wrappedAction', 'server/leaky/leaky-actions.ts renamedWrapperAction', 'server/leaky/leaky-actions.ts signInAction', 'app/api/leak/route.ts GET']));
    expect(entryPoints).not.toContain('app/api/leak/route.ts dynamic');
  });

  it('finds none in the application, whose actions and handlers it does see', () => {
    const { findings, entryPoints } = scanEntryPoints(root);
    expect(findings).toEqual([]);
    expect(entryPoints).toEqual(expect.arrayContaining(['server/checkout/checkout-actions.ts checkoutAction', 'server/ops/catalog/catalog-actions.ts saveTourAction', 'app/api/health/route.ts GET', 'app/api/auth/[...nextauth]/route.ts POST']));
    expect(entryPoints.length).toBeGreaterThan(100);
  });
});
