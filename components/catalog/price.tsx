'use client';

import { useRouteLocale } from '@/components/i18n/locale-link';
import { useCurrency } from '@/components/currency/currency-provider';
import { convertBreakdown, type DisplayCurrency, formatAedAs, formatMoney } from '@/shared/money/money';

/** A price the server already formatted, and the currency it is in. */
export type PreformattedPrice = { currency: DisplayCurrency; text: string };

/**
 * An AED price shown in the visitor's currency. The static HTML carries the site's default
 * currency; the visitor's choice applies once hydrated.
 *
 * Server components pass `preformatted`, the text in the site's default currency: hydrating then
 * needs no `Intl.NumberFormat`, whose first construction costs a phone 100–250 ms of blocked main
 * thread (Lighthouse's 4× slowdown of 25–60 ms measured in Chromium here).
 */
export function Price({ fils, className, preformatted }: { fils: number; className?: string; preformatted?: PreformattedPrice }) {
  const { currency, rates } = useCurrency();
  const locale = useRouteLocale();
  return (
    <span className={className} data-price-aed={fils}>
      {preformatted?.currency === currency ? preformatted.text : formatAedAs(fils, currency, locale, rates)}
    </span>
  );
}

/**
 * A figure the page derives from other figures it shows, e.g. a refund: the refund before the fee
 * less the fee. `parts` are those figures in AED fils, signed; each is converted exactly as its
 * own `Price` is and the results are summed, so in every currency the shown figures add up to the
 * cent (converting the total on its own can be a cent off).
 */
export function PriceSum({ parts, className }: { parts: readonly number[]; className?: string }) {
  const { currency, rates } = useCurrency();
  const locale = useRouteLocale();
  const fils = parts.reduce((sum, part) => sum + part, 0);
  return (
    <span className={className} data-price-aed={fils}>
      {formatMoney(convertBreakdown(parts, currency, rates).total, currency, locale)}
    </span>
  );
}
