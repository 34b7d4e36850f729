import { lowestPrice, type OfferPrices } from '@/shared/catalog/prices';
import { PRICE_KINDS, type PriceKind } from '@/shared/widgets/widget-pricing';

type Props = {
  prices: OfferPrices;
  /** AED fils → the widget's currency and language. */
  format: (fils: number) => string;
  labels: { from: (price: string) => string; list: string; per: Record<PriceKind, string> };
  fromClassName: string;
  testId?: string;
};

/** An offer's guest prices on a widget's site or embed: "from" the lowest, then each kind it is sold by. */
export function GuestPriceList({ prices, format, labels, fromClassName, testId }: Props) {
  const from = lowestPrice([prices]);
  return (
    <div>
      {from !== null ? <p className={fromClassName}>{labels.from(format(from))}</p> : null}
      <ul className="text-sm text-zinc-600" aria-label={labels.list} data-testid={testId}>
        {PRICE_KINDS.map((kind) => {
          const fils = prices[kind];
          return fils === null ? null : (
            <li key={kind}>
              {format(fils)} {labels.per[kind]}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
