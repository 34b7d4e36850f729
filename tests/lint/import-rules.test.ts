import path from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

// The import rules of .dependency-cruiser.cjs (docs/decisions/import-rules.md): no circle in
// server/, bookings call payments only through its entry points, payments never import widgets,
// bookings and payments never import the checkout on top of them, no domain imports the console
// (server/ops), no component imports the database. Run on the repository, and on a fixture that
// breaks each rule once, so a rule that stopped matching would fail here too.

const root = path.resolve(__dirname, '../..');
const fixture = path.join(__dirname, 'fixtures/import-rules');

async function violations(baseDir: string, folders: string[]): Promise<IViolation[]> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  const answer = await cruise(folders, { ...options, baseDir }, {}, { tsConfig });
  const result = answer.output as ICruiseResult;
  return result.summary.violations;
}

/** Each violation as `rule: from → to`, a circle with the way it goes round (reported once). */
const described = (list: IViolation[]) =>
  list.map(({ rule, from, to, cycle }) => `${rule.name}: ${from} → ${to}${cycle ? ` (${cycle.map((step) => step.name).join(' → ')})` : ''}`).sort();

describe('import rules', () => {
  it('hold on the repository', { timeout: 180_000 }, async () => {
    expect(described(await violations(root, ['server', 'app', 'components', 'shared']))).toEqual([]);
  });

  it('fail on a tree that breaks each of them', { timeout: 60_000 }, async () => {
    expect(described(await violations(fixture, ['server', 'components']))).toEqual([
      'bookings-use-payments-entry-points: server/bookings/book.ts → server/payments/settle.ts',
      'checkout-is-on-top: server/payments/settle.ts → server/checkout/place.ts',
      'components-not-db: components/list-page.tsx → server/db/database.ts',
      'domains-not-ops: server/credit/standing.ts → server/ops/console-rule.ts',
      'no-circle-in-server: server/bookings/book.ts → server/payments/settle.ts (server/payments/settle.ts → server/widgets/mail.ts → server/bookings/book.ts)',
      'payments-not-widgets: server/payments/settle.ts → server/widgets/mail.ts',
    ]);
  });
});
