import { getTranslations } from 'next-intl/server';
import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { NotFound } from '@/server/errors';
import { type XlsxColumn, xlsxResponse } from '@/server/exports/xlsx-stream';
import { domainErrorResponse } from '@/server/http/api-errors';
import { isStatementMonth, type StatementRow, streamStatement } from '@/server/balance/statement-queries';

/** The opening balance row carries no entry; every other row is a ledger entry with its running balance. */
type SheetRow = { opening: true; balanceMinor: number } | ({ opening: false } & StatementRow);

/** Spec §2 "Balance": a month's daily statement as an xlsx, streamed a batch at a time. */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const requestedLocale = params.get('locale');
  const locale = isLocale(requestedLocale) ? requestedLocale : DEFAULT_LOCALE;
  const month = params.get('month');
  try {
    const principal = await requirePermission('balance:view');
    if (!isStatementMonth(month)) throw new NotFound();
    const statement = await streamStatement(await getDb(), principal, month);
    const t = await getTranslations({ locale, namespace: 'balance' });
    const columns: XlsxColumn<SheetRow>[] = [
      // Asia/Dubai wall-clock time, written as such: Excel has no time zones.
      { header: t('statement.date'), width: 18, kind: 'dateTime', value: (row) => (row.opening ? null : new Date(`${row.day}T${row.time}:00Z`)) },
      { header: t('statement.description'), width: 28, kind: 'text', value: (row) => (row.opening ? t('statement.openingBalance') : t(`kind.${row.kind}`)) },
      { header: t('statement.reference'), width: 14, kind: 'text', value: (row) => (row.opening ? null : row.bookingReference) },
      { header: t('statement.debit'), width: 14, kind: 'money', value: (row) => (row.opening || row.debitMinor === 0 ? null : row.debitMinor) },
      { header: t('statement.credit'), width: 14, kind: 'money', value: (row) => (row.opening || row.creditMinor === 0 ? null : row.creditMinor) },
      { header: t('statement.balance'), width: 16, kind: 'money', value: (row) => row.balanceMinor },
    ];
    return xlsxResponse({
      filename: `statement-${month}.xlsx`,
      sheetName: t('export.sheetName'),
      columns,
      batches: sheetRows(statement.openingMinor, statement.batches),
    });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}

async function* sheetRows(openingMinor: number, batches: AsyncIterable<StatementRow[]>): AsyncGenerator<SheetRow[]> {
  yield [{ opening: true, balanceMinor: openingMinor }];
  for await (const rows of batches) yield rows.map((row): SheetRow => ({ opening: false, ...row }));
}
