'use client';

import { useWatch } from 'react-hook-form';
import type { Locale } from '@/i18n/locales';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { convertFromAed, type Currency, type ExchangeRates, formatMoney } from '@/server/shared/money/money';
import { discountedPrice, priceKindsOf } from '@/server/shared/widgets/widget-pricing';
import type { WidgetFormValues } from '@/server/shared/widgets/widget-schema';
import type { WidgetEditorLabels } from './widget-editor-labels';
import type { OfferChoice } from './widget-offer-table';

const SALE_FIELD = { adult: 'saleAdult', child: 'saleChild', trip: 'saleTrip' } as const;

/** A live preview of the offers section as guests will see it: title, offers and prices in the widget's currency. */
export function WidgetPreview({ choices, rates, labels }: { choices: OfferChoice[]; rates: ExchangeRates; labels: WidgetEditorLabels }) {
  const editorLocale = useRouteLocale();
  const values = useWatch<WidgetFormValues>() as WidgetFormValues;
  const byId = new Map(choices.map((choice) => [choice.offerId, choice]));
  const discount = /^\d{1,2}$/.test(values.discountPercent ?? '') ? Number(values.discountPercent) : 0;
  const currency = values.currency as Currency;
  const locale = (values.locale ?? editorLocale) as Locale;
  const price = (typed: string) => {
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed)) return null;
    const guest = discountedPrice(Math.round(Number(typed) * 100), discount);
    return formatMoney(convertFromAed(guest, currency, rates), currency, locale);
  };
  const offers = (values.offers ?? []).flatMap((offer) => {
    const choice = byId.get(offer.offerId);
    return choice ? [{ offer, choice }] : [];
  });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{labels.preview.lead}</p>
      <div lang={locale} className="rounded-xl border border-border bg-muted/40 p-4" data-testid="widget-preview">
        {values.offersTitle ? <h3 className="mb-3 text-lg font-semibold">{values.offersTitle}</h3> : null}
        {offers.length === 0 ? (
          <p className="text-muted-foreground">{labels.preview.empty}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {offers.map(({ offer, choice }) => (
              <li key={choice.offerId} className="rounded-lg border border-border bg-background p-3">
                <p className="text-xs text-muted-foreground">{choice.tourTitle}</p>
                <p className="font-medium">{choice.offerName}</p>
                <ul className="mt-2 text-sm">
                  {priceKindsOf(choice.b2b).map((kind) => {
                    const shown = price(offer[SALE_FIELD[kind]] ?? '');
                    return shown ? (
                      <li key={kind} className="tabular-nums">
                        {shown} <span className="text-muted-foreground">/ {labels.offers[kind === 'adult' ? 'perAdult' : kind === 'child' ? 'perChild' : 'perTrip']}</span>
                      </li>
                    ) : null;
                  })}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {values.footerText ? <p className="mt-4 whitespace-pre-line text-sm text-muted-foreground">{values.footerText}</p> : null}
      </div>
    </div>
  );
}
