import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { LedgerEntryKind, StatementPage, StatementRow } from '@/server/balance/statement-queries';
import { formatMoney } from '@/shared/money/money';
import { formatAmount, formatDay, formatMonth } from './format';

const KINDS = ['opening', 'deposit', 'top_up', 'booking', 'refund', 'cancellation_fee', 'adjustment'] as const satisfies readonly LedgerEntryKind[];

/** Rows of one Asia/Dubai day, in ledger order. */
function byDay(rows: StatementRow[]): { day: string; rows: StatementRow[] }[] {
  const days: { day: string; rows: StatementRow[] }[] = [];
  for (const row of rows) {
    const current = days.at(-1);
    if (current?.day === row.day) current.rows.push(row);
    else days.push({ day: row.day, rows: [row] });
  }
  return days;
}

/**
 * Spec §3 "Balance": a page of a month's entries by day with debit, credit and running balance,
 * from the balance brought forward to the month's totals and closing balance on the last page.
 * Rows are plain markup styled from the table (no per-cell classes, no client components).
 */
export async function StatementTable({ statement, locale }: { statement: StatementPage; locale: Locale }) {
  const t = await getTranslations('balance');
  const month = formatMonth(statement.month, locale);
  const kindLabels = Object.fromEntries(KINDS.map((kind) => [kind, t(`kind.${kind}`)])) as Record<LedgerEntryKind, string>;
  const bookingPath = localizedPath(locale, '/my-bookings/');
  const amount = (minor: number) => (minor === 0 ? '' : formatAmount(minor, locale));

  if (statement.rows.length === 0) {
    return (
      <div role="status" className="mt-4 rounded-xl border border-dashed border-border bg-muted p-6">
        <p className="font-medium">{t('statement.empty', { month })}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('statement.emptyBalance', { amount: formatMoney(statement.openingMinor, 'AED', locale) })}
        </p>
      </div>
    );
  }

  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-border" role="region" aria-labelledby="statement-title" tabIndex={0}>
      <table
        className={cn(
          'w-full min-w-[22rem] text-sm tabular-nums',
          '[&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-2 xs:[&_td]:px-3 xs:[&_th]:px-3',
          '[&_td:nth-child(n+2)]:text-right [&_td:nth-child(n+2)]:whitespace-nowrap [&_tbody_tr]:border-t [&_tbody_tr]:border-border',
        )}
      >
        <caption className="sr-only">{t('statement.caption', { month })}</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="font-medium">
              {t('statement.description')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('statement.debit')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('statement.credit')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('statement.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="bg-muted/50 font-medium">
            <td>{t('statement.openingBalance')}</td>
            <td />
            <td />
            <td>{formatAmount(statement.broughtForwardMinor, locale)}</td>
          </tr>
        </tbody>
        {byDay(statement.rows).map(({ day, rows }) => (
          <tbody key={day}>
            <tr className="bg-muted/30">
              <th scope="rowgroup" colSpan={4} className="text-left font-semibold">
                <time dateTime={day}>{formatDay(day, locale)}</time>
              </th>
            </tr>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  {kindLabels[row.kind]}
                  {row.kind === 'adjustment' ? <span className="block text-xs text-muted-foreground">{row.description}</span> : null}
                  {row.bankReference ? (
                    <span className="block text-xs break-words text-muted-foreground" data-testid="bank-reference">
                      {t('statement.bankReference', { reference: row.bankReference })}
                    </span>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    {row.time}
                    {row.bookingReference ? (
                      <>
                        {' · '}
                        <a href={`${bookingPath}${row.bookingReference}`} className="font-mono text-primary hover:underline">
                          {row.bookingReference}
                        </a>
                      </>
                    ) : null}
                  </span>
                </td>
                <td>{amount(row.debitMinor)}</td>
                <td>{amount(row.creditMinor)}</td>
                <td className={row.balanceMinor < 0 ? 'text-destructive' : undefined}>{formatAmount(row.balanceMinor, locale)}</td>
              </tr>
            ))}
          </tbody>
        ))}
        {statement.page < statement.pageCount ? null : (
          <tfoot className="border-t-2 border-border bg-muted font-semibold">
            <tr>
              <td>{t('statement.totals')}</td>
              <td>{formatAmount(statement.debitMinor, locale)}</td>
              <td>{formatAmount(statement.creditMinor, locale)}</td>
              <td />
            </tr>
            <tr>
              <td>{t('statement.closingBalance')}</td>
              <td />
              <td />
              <td className={statement.closingMinor < 0 ? 'text-destructive' : undefined}>{formatAmount(statement.closingMinor, locale)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
