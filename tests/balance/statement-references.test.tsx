import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { StatementTable } from '@/components/balance/statement-table';
import type { Principal } from '@/server/auth/principal';
import { loadStatement, monthOf, streamStatement } from '@/server/balance/statement-queries';
import { statementExportColumns } from '@/server/exports/statement-export';
import { LocalDiskStorage } from '@/server/files/storage';
import { decideDepositNotice } from '@/server/top-up/credit-deposit-notice';
import { depositNoticeSchema } from '@/server/top-up/deposit-schema';
import { submitDepositNotice } from '@/server/top-up/submit-deposit-notice';
import { dubaiToday } from '@/shared/availability/rules';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A bank deposit's line on the statement names the transfer it credited: the bank reference the
// agency gave in its deposit notice, on the page and in the xlsx export.

vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return { getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages, namespace: namespace as never, timeZone: 'Asia/Dubai' }) };
});

const PDF = new TextEncoder().encode('%PDF-1.4\n%slip\n');
let database: TestDatabase;
let storage: LocalDiskStorage;
let root: string;
let senior: Principal;
const reference = `FT-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  root = await mkdtemp(path.join(os.tmpdir(), 'statement-references-'));
  storage = new LocalDiskStorage(root);
  senior = await principalFor(database.db, 'senior@gulfhorizons.test');
  const input = depositNoticeSchema.parse({
    amount: '2,500',
    transferDate: dubaiToday(new Date()),
    bankReference: reference,
    slip: new File([PDF], 'slip.pdf', { type: 'application/pdf' }),
  });
  const { id } = await submitDepositNotice(database.db, senior, input, { storage });
  await decideDepositNotice(database.db, id, 'credit');
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('a credited bank deposit on the statement', () => {
  it('carries the bank reference of its notice; other entries carry none', async () => {
    const statement = await loadStatement(database.db, senior, monthOf(new Date()));
    const deposit = statement.rows.find((row) => row.kind === 'deposit');
    expect(deposit).toMatchObject({ bankReference: reference, creditMinor: 250_000 });
    expect(statement.rows.filter((row) => row.kind !== 'deposit').every((row) => row.bankReference === null)).toBe(true);

    const markup = renderToStaticMarkup(await StatementTable({ statement, locale: 'en' }));
    expect(markup).toContain(`Bank reference ${reference}`);
  });

  it('names it in the export’s reference column', async () => {
    const { batches } = await streamStatement(database.db, senior, monthOf(new Date()));
    const rows = [];
    for await (const batch of batches) rows.push(...batch);
    const deposit = rows.find((row) => row.kind === 'deposit')!;
    const referenceColumn = statementExportColumns('en').find((column) => column.header === 'Reference')!;
    expect(referenceColumn.value({ opening: false, ...deposit })).toBe(reference);
  });
});
