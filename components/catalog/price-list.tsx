import type { OfferPrices } from '@/server/catalog/prices';
import { Price } from './price';

const PRICE_KINDS = ['adult', 'child', 'trip'] as const satisfies readonly (keyof OfferPrices)[];

export type PriceKindLabels = Record<(typeof PRICE_KINDS)[number], string>;

/** An offer's per-adult, per-child and per-trip prices, those it has. Retail and b2b alike. */
export function PriceList({ prices, labels, priceClassName }: { prices: OfferPrices; labels: PriceKindLabels; priceClassName: string }) {
  return (
    <ul className="mt-1 text-sm">
      {PRICE_KINDS.map((kind) => {
        const price = prices[kind];
        return price === null ? null : (
          <li key={kind}>
            <Price fils={price} className={priceClassName} /> <span className="text-muted-foreground">{labels[kind]}</span>
          </li>
        );
      })}
    </ul>
  );
}
