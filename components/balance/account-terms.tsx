import { CalendarClock } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { monthTerms, type StatementMonth } from '@/server/balance/statement-queries';
import { formatDay, formatMonth } from './format';

/** Spec §9's terms, and what they mean for the month on screen. */
export async function AccountTerms({ month, locale }: { month: StatementMonth; locale: Locale }) {
  const t = await getTranslations('balance.terms');
  const { dueDate, taxInvoiceAfter } = monthTerms(month);
  return (
    <section aria-labelledby="terms-title" className="rounded-xl border border-border p-4 xs:p-6">
      <h2 id="terms-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden className="size-5 text-primary" />
        {t('title')}
      </h2>
      <ul className="mt-4 grid list-disc gap-2 pl-5 text-sm">
        <li>{t('credit')}</li>
        <li>{t('invoiceCleared')}</li>
        <li>{t('taxInvoice')}</li>
      </ul>
      <p className="mt-4 rounded-lg bg-muted p-3 text-sm">
        {t('forMonth', { month: formatMonth(month, locale), taxInvoiceAfter: formatDay(taxInvoiceAfter, locale), dueDate: formatDay(dueDate, locale) })}
      </p>
    </section>
  );
}
