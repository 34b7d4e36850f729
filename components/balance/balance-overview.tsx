import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import type { Locale } from '@/i18n/locales';
import type { BalanceOverview as Overview } from '@/server/balance/statement-queries';
import { formatMoney } from '@/shared/money/money';

/** The three figures an agent checks before booking on balance: balance, credit limit, available funds. */
export async function BalanceOverview({ overview, locale }: { overview: Overview; locale: Locale }) {
  const t = await getTranslations('balance.overview');
  const cards = [
    { key: 'balance', label: t('balance'), hint: t('balanceHint'), minor: overview.balanceMinor },
    { key: 'creditLimit', label: t('creditLimit'), hint: t('creditLimitHint'), minor: overview.creditLimitMinor },
    { key: 'available', label: t('available'), hint: t('availableHint'), minor: overview.availableMinor },
  ];
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        {t('title')}
      </h2>
      <dl className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <div key={card.key} className={cn('rounded-xl border border-border p-4 xs:p-6', card.key === 'available' && 'border-primary/40 bg-primary/5')}>
            <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
            <dd className={cn('mt-1 text-2xl font-semibold whitespace-nowrap tabular-nums', card.minor < 0 && 'text-destructive')}>
              {formatMoney(card.minor, 'AED', locale)}
            </dd>
            <dd className="mt-2 text-sm text-muted-foreground">{card.hint}</dd>
          </div>
        ))}
      </dl>
      {overview.balanceMinor < 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('usingCredit', { amount: formatMoney(-overview.balanceMinor, 'AED', locale) })}</p>
      ) : null}
    </section>
  );
}
