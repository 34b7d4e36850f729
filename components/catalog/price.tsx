'use client';

import { useRouteLocale } from '@/components/i18n/locale-link';
import { useCurrency } from '@/components/currency/currency-provider';
import { formatAedAs } from '@/server/money/money';

/**
 * An AED price shown in the visitor's currency. The static HTML carries the site's default
 * currency; the visitor's choice applies once hydrated.
 */
export function Price({ fils, className }: { fils: number; className?: string }) {
  const { currency } = useCurrency();
  const locale = useRouteLocale();
  return (
    <span className={className} data-price-aed={fils}>
      {formatAedAs(fils, currency, locale)}
    </span>
  );
}
