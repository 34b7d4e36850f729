import { CalendarClock } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import type { StatementMonth } from '@/server/balance/statement-queries';
import type { MonthCreditTerms } from '@/server/credit/credit-standing';
import { formatDay, formatMonth } from './format';

/** Spec §9's terms under the agency's payment terms, and what they mean for the month on screen. */
export async function AccountTerms({ month, terms, locale }: { month: StatementMonth; terms: MonthCreditTerms; locale: Locale }) {
  const t = await getTranslations('balance.terms');
  const days = terms.paymentTermsDays;
  return (
    <section aria-labelledby="terms-title" className="rounded-xl border border-border p-4 xs:p-6">
      <h2 id="terms-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden className="size-5 text-primary" />
        {t('title')}
      </h2>
      <ul className="mt-4 grid list-disc gap-2 pl-5 text-sm">
        <li>{t('credit', { days })}</li>
        <li>{t('invoiceCleared', { days })}</li>
        <li>{t('taxInvoice')}</li>
      </ul>
      <p className="mt-4 rounded-lg bg-muted p-3 text-sm" data-testid="month-terms">
        {t('forMonth', { month: formatMonth(month, locale), taxInvoiceAfter: formatDay(terms.taxInvoiceAfter, locale), dueDate: formatDay(terms.dueDate, locale) })}
      </p>
    </section>
  );
}
