'use client';

import { useLocale } from 'next-intl';
import { useCurrency } from '@/components/currency/currency-provider';
import { isLocale } from '@/i18n/locales';
import { formatAedAs } from '@/server/money/money';

/**
 * An AED price shown in the visitor's currency. The static HTML carries the site's default
 * currency; the visitor's choice applies once hydrated.
 */
export function Price({ fils, className }: { fils: number; className?: string }) {
  const { currency } = useCurrency();
  const locale = useLocale();
  return (
    <span className={className} data-price-aed={fils}>
      {formatAedAs(fils, currency, isLocale(locale) ? locale : 'en')}
    </span>
  );
}
