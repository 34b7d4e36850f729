import type { Locale } from '@/i18n/locales';
import type { OfferPrices } from '@/shared/catalog/prices';
import { type DisplayCurrency, formatAedAs } from '@/shared/money/money';
import { Price } from './price';

const PRICE_KINDS = ['adult', 'child', 'trip'] as const satisfies readonly (keyof OfferPrices)[];

export type PriceKindLabels = Record<(typeof PRICE_KINDS)[number], string>;

/**
 * An offer's per-adult, per-child and per-trip prices, those it has. Retail and b2b alike.
 * Rendered by a server component, `preformatIn` formats them there (see `Price`).
 */
export function PriceList({
  prices,
  labels,
  priceClassName,
  preformatIn,
}: {
  prices: OfferPrices;
  labels: PriceKindLabels;
  priceClassName: string;
  preformatIn?: { currency: DisplayCurrency; locale: Locale };
}) {
  return (
    <ul className="mt-1 text-sm">
      {PRICE_KINDS.map((kind) => {
        const price = prices[kind];
        if (price === null) return null;
        const preformatted = preformatIn && { currency: preformatIn.currency, text: formatAedAs(price, preformatIn.currency, preformatIn.locale) };
        return (
          <li key={kind}>
            <Price fils={price} className={priceClassName} preformatted={preformatted} />{' '}
            <span className="text-muted-foreground">{labels[kind]}</span>
          </li>
        );
      })}
    </ul>
  );
}
