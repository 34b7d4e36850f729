import { FileText } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import type { Locale } from '@/i18n/locales';
import type { MonthlySummaryRow, StatementMonth } from '@/server/balance/statement-queries';
import { formatAmount, formatMonth } from './format';

const NUMBER_CELL = 'px-2 py-2 text-right whitespace-nowrap tabular-nums xs:px-3';
// The opening is the previous month's closing: a phone does without the column.
const OPENING_CELL = 'hidden md:table-cell';

/** Spec §3 "monthly rows": each month's opening, debits, credits and closing; a month opens its statement. */
export async function MonthlySummaryTable({
  rows,
  selected,
  monthHref,
  invoiceHref,
  locale,
}: {
  rows: MonthlySummaryRow[];
  selected: StatementMonth;
  monthHref: (month: StatementMonth) => string;
  /** The month's tax invoice, or null before it is issued (the 3rd of the next month). */
  invoiceHref: (month: StatementMonth) => string | null;
  locale: Locale;
}) {
  const t = await getTranslations('balance.summary');
  return (
    <section aria-labelledby="summary-title" className="min-w-0">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-border bg-muted p-6 text-muted-foreground">{t('empty')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-border" role="region" aria-labelledby="summary-title" tabIndex={0}>
          <table className="w-full min-w-[20rem] text-sm">
            <caption className="sr-only">{t('caption')}</caption>
            <thead className="bg-muted text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium xs:px-3">
                  {t('month')}
                </th>
                <th scope="col" className={cn(NUMBER_CELL, OPENING_CELL, 'font-medium')}>
                  {t('opening')}
                </th>
                <th scope="col" className={cn(NUMBER_CELL, 'font-medium')}>
                  {t('debits')}
                </th>
                <th scope="col" className={cn(NUMBER_CELL, 'font-medium')}>
                  {t('credits')}
                </th>
                <th scope="col" className={cn(NUMBER_CELL, 'font-medium')}>
                  {t('closing')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const isSelected = row.month === selected;
                return (
                  <tr key={row.month} className={cn('border-t border-border', isSelected && 'bg-primary/5')}>
                    <th scope="row" className="px-2 py-2 text-left font-normal xs:px-3">
                      <a
                        href={monthHref(row.month)}
                        aria-current={isSelected ? 'page' : undefined}
                        className={cn('font-medium text-primary underline-offset-4 hover:underline', isSelected && 'underline')}
                      >
                        {formatMonth(row.month, locale)}
                      </a>
                      <span className="block text-xs text-muted-foreground">{t('entries', { count: row.entries })}</span>
                      <InvoiceLink href={invoiceHref(row.month)} label={t('taxInvoice')} />
                    </th>
                    <td className={cn(NUMBER_CELL, OPENING_CELL)}>{formatAmount(row.openingMinor, locale)}</td>
                    <td className={NUMBER_CELL}>{row.debitMinor ? formatAmount(row.debitMinor, locale) : '—'}</td>
                    <td className={NUMBER_CELL}>{row.creditMinor ? formatAmount(row.creditMinor, locale) : '—'}</td>
                    <td className={cn(NUMBER_CELL, 'font-semibold', row.closingMinor < 0 && 'text-destructive')}>{formatAmount(row.closingMinor, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function InvoiceLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null;
  return (
    <a href={href} download className="mt-0.5 inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline">
      <FileText aria-hidden className="size-3.5" />
      {label}
    </a>
  );
}
