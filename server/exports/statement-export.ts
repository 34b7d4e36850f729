import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { Forbidden, NotFound } from '@/server/errors';
import { isStatementMonth, type StatementRow, streamStatement } from '@/server/balance/statement-queries';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { xlsxResponse, type XlsxColumn } from './xlsx-stream';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** The opening balance row carries no entry; every other row is a ledger entry with its running balance. */
export type StatementSheetRow = { opening: true; balanceMinor: number } | ({ opening: false } & StatementRow);

export function statementExportColumns(locale: Locale): XlsxColumn<StatementSheetRow>[] {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'balance' });
  return [
    // Asia/Dubai wall-clock time, written as such: Excel has no time zones.
    { header: t('statement.date'), width: 18, kind: 'dateTime', value: (row) => (row.opening ? null : new Date(`${row.day}T${row.time}:00Z`)) },
    { header: t('statement.description'), width: 28, kind: 'text', value: (row) => (row.opening ? t('statement.openingBalance') : t(`kind.${row.kind}`)) },
    // A booking's reference, or the bank's for a deposit.
    { header: t('statement.reference'), width: 18, kind: 'text', value: (row) => (row.opening ? null : (row.bookingReference ?? row.bankReference)) },
    // The ledger is kept in AED.
    { header: t('export.debit', { currency: 'AED' }), width: 16, kind: 'money', currency: 'AED', value: (row) => (row.opening || row.debitMinor === 0 ? null : row.debitMinor) },
    { header: t('export.credit', { currency: 'AED' }), width: 16, kind: 'money', currency: 'AED', value: (row) => (row.opening || row.creditMinor === 0 ? null : row.creditMinor) },
    { header: t('export.balance', { currency: 'AED' }), width: 18, kind: 'money', currency: 'AED', value: (row) => row.balanceMinor },
  ];
}

/** Spec §2 "Balance": a month's daily statement as an xlsx, streamed a batch at a time. Needs `balance:view`. */
export async function statementExportResponse(db: Database, principal: Principal, month: string | null, locale: Locale): Promise<Response> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  if (!isStatementMonth(month)) throw new NotFound();
  const statement = await streamStatement(db, principal, month);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'balance' });
  return xlsxResponse({
    filename: `statement-${month}.xlsx`,
    sheetName: t('export.sheetName'),
    columns: statementExportColumns(locale),
    batches: sheetRows(statement.openingMinor, statement.batches),
  });
}

async function* sheetRows(openingMinor: number, batches: AsyncIterable<StatementRow[]>): AsyncGenerator<StatementSheetRow[]> {
  yield [{ opening: true, balanceMinor: openingMinor }];
  for await (const rows of batches) yield rows.map((row): StatementSheetRow => ({ opening: false, ...row }));
}
