import { ChevronLeft, ChevronRight } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import type { Locale } from '@/i18n/locales';
import { addMonths, type StatementMonth } from '@/server/balance/statement-queries';
import { formatMonth } from './format';

/**
 * Picks the statement's month: a plain GET form and previous/next links, so it works before (and
 * without) JavaScript and the month stays in the URL.
 */
export async function MonthSelector({
  month,
  months,
  latest,
  action,
  monthHref,
  locale,
}: {
  month: StatementMonth;
  /** The months offered in the list, newest first. */
  months: StatementMonth[];
  /** No statement after this month (the current one). */
  latest: StatementMonth;
  action: string;
  monthHref: (month: StatementMonth) => string;
  locale: Locale;
}) {
  const t = await getTranslations('balance.statement');
  const options = months.includes(month) ? months : [month, ...months].sort().reverse();
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <a href={monthHref(previous)} className={buttonVariants({ variant: 'outline', size: 'icon' })} aria-label={t('previous')} title={t('previous')}>
        <ChevronLeft aria-hidden />
      </a>
      <form action={`${action}#statement`} method="get" className="flex items-end gap-2">
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('monthLabel')}</span>
          <select name="month" defaultValue={month} className="h-10 rounded-lg border border-border bg-background px-3">
            {options.map((option) => (
              <option key={option} value={option}>
                {formatMonth(option, locale)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonVariants({ variant: 'outline' })}>
          {t('show')}
        </button>
      </form>
      {next <= latest ? (
        <a href={monthHref(next)} className={buttonVariants({ variant: 'outline', size: 'icon' })} aria-label={t('next')} title={t('next')}>
          <ChevronRight aria-hidden />
        </a>
      ) : null}
    </div>
  );
}
