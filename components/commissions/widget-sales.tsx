import { Store } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { formatMonth } from '@/components/balance/format';
import { Price } from '@/components/catalog/price';
import type { Locale } from '@/i18n/locales';
import type { WidgetMarginReport } from '@/server/commissions/widget-margins';

const CELL = 'px-3 py-2 align-top';

/** Sales, margin and bookings per widget and month, with their totals. */
export async function WidgetSales({ locale, report }: { locale: Locale; report: WidgetMarginReport }) {
  const t = await getTranslations('commissions.widgetSales');
  return (
    <section aria-labelledby="widget-sales-title" className="mt-12 border-t border-border pt-8" data-testid="widget-sales">
      <h2 id="widget-sales-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-muted-foreground">{t('lead')}</p>

      {report.rows.length > 0 ? (
        // The table scrolls inside its frame on a phone; the page itself never scrolls sideways (relative:
        // the screen-reader caption stays inside the frame instead of widening the page).
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">{t('caption', { from: formatMonth(report.from, locale), to: formatMonth(report.to, locale) })}</caption>
            <thead className="bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className={CELL}>{t('columns.month')}</th>
                <th scope="col" className={CELL}>{t('columns.widget')}</th>
                <th scope="col" className={`${CELL} text-right`}>{t('columns.bookings')}</th>
                <th scope="col" className={`${CELL} text-right`}>{t('columns.sales')}</th>
                <th scope="col" className={`${CELL} text-right`}>{t('columns.margin')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {report.rows.map((row) => (
                <tr key={`${row.month}:${row.widgetId}`} data-testid="widget-sales-row">
                  <td className={`${CELL} whitespace-nowrap`}>{formatMonth(row.month, locale)}</td>
                  <th scope="row" className={`${CELL} text-left font-normal`}>
                    {row.widgetName}
                    {row.widgetDeleted ? (
                      <span className="ml-2 inline-flex rounded-full border border-border bg-muted px-2 text-xs text-muted-foreground">{t('deleted')}</span>
                    ) : null}
                  </th>
                  <td className={`${CELL} text-right tabular-nums`}>{row.bookings}</td>
                  <td className={`${CELL} text-right tabular-nums`}>
                    <Price fils={row.salesMinor} className="whitespace-nowrap" />
                  </td>
                  <td className={`${CELL} text-right font-medium tabular-nums`}>
                    <Price fils={row.marginMinor} className="whitespace-nowrap" />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border font-semibold">
              <tr>
                <th scope="row" colSpan={2} className={`${CELL} text-left`}>
                  {t('total')}
                </th>
                <td className={`${CELL} text-right tabular-nums`} data-testid="widget-sales-total-bookings">
                  {report.totals.bookings}
                </td>
                <td className={`${CELL} text-right tabular-nums`}>
                  <Price fils={report.totals.salesMinor} className="whitespace-nowrap" />
                </td>
                <td className={`${CELL} text-right tabular-nums`} data-testid="widget-sales-total-margin">
                  <Price fils={report.totals.marginMinor} className="whitespace-nowrap" />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-muted p-10 text-center" data-testid="widget-sales-empty">
          <Store aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('empty')}</p>
        </div>
      )}
    </section>
  );
}
