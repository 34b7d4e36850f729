'use client';

import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/shared/money/money';
import { discountedPrice, lowestAllowedSalePrice, type PriceKind, priceKindsOf } from '@/shared/widgets/widget-pricing';
import { aedInput, MAX_WIDGET_OFFERS, type WidgetFormValues } from '@/shared/widgets/widget-schema';
import type { WidgetOfferChoice } from '@/server/widgets/widget-catalogue';
import type { WidgetEditorLabels } from './widget-editor-labels';
import { useErrorText } from './widget-error-text';
import { TextField } from './widget-fields';

/** A sellable offer as the editor knows it: names in the editor's language, b2b cost and retail price in AED fils, and its guests' view for the preview. */
export type OfferChoice = WidgetOfferChoice;

const SALE_FIELD = { adult: 'saleAdult', child: 'saleChild', trip: 'saleTrip' } as const satisfies Record<PriceKind, string>;
const PER_LABEL = { adult: 'perAdult', child: 'perChild', trip: 'perTrip' } as const;

/** A typed AED amount in fils, or null while it is not a valid amount. */
function typedFils(value: string | undefined): number | null {
  if (!value || !/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Math.round(Number(value) * 100);
}

/**
 * The offer table (spec §2): the offers the widget sells, each price kind with the b2b cost
 * beside the sale price, the lowest price allowed after the discount, what the guest pays and the
 * agency's margin. A new offer starts at its recommended retail price, or the minimum if higher.
 */
export function WidgetOfferTable({ choices, labels }: { choices: OfferChoice[]; labels: WidgetEditorLabels }) {
  const locale = useRouteLocale();
  const translate = useErrorText();
  const { control, formState, register } = useFormContext<WidgetFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'offers' });
  const offers = useWatch({ control, name: 'offers' });
  const discountText = useWatch({ control, name: 'discountPercent' });
  const discount = /^\d{1,2}$/.test(discountText) ? Number(discountText) : 0;
  const [chosen, setChosen] = useState('');
  const chooserId = useId();
  const byId = new Map(choices.map((choice) => [choice.offerId, choice]));
  const taken = new Set(offers.map((offer) => offer.offerId));
  const tours = [...new Map(choices.map((choice) => [choice.tourId, choice.tourTitle])).entries()];
  const listError = (get(formState.errors, 'offers') as { message?: string; root?: { message?: string } } | undefined);
  const listMessage = listError?.message ?? listError?.root?.message;
  const aed = (minor: number) => formatMoney(minor, 'AED', locale);

  function add() {
    const choice = byId.get(chosen);
    if (!choice) return;
    const start = (kind: PriceKind) => {
      const cost = choice.b2b[kind];
      if (cost === null) return '';
      return aedInput(Math.max(choice.retail[kind] ?? 0, lowestAllowedSalePrice(cost, discount)));
    };
    const kinds = priceKindsOf(choice.b2b);
    append({
      offerId: choice.offerId,
      saleAdult: kinds.includes('adult') ? start('adult') : '',
      saleChild: kinds.includes('child') ? start('child') : '',
      saleTrip: kinds.includes('trip') ? start('trip') : '',
    });
    setChosen('');
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{labels.hints.offers}</p>
      <div className="grid max-w-xs gap-1.5">
        <TextField path="discountPercent" label={labels.fields.discountPercent} hint={labels.hints.discountPercent} inputMode="numeric" maxLength={2} />
      </div>

      {fields.length === 0 ? (
        <p id="widget-offers" tabIndex={-1} className="rounded-lg border border-dashed border-border p-4 text-muted-foreground">
          {labels.offers.empty}
        </p>
      ) : (
        <ul id="widget-offers" tabIndex={-1} className="grid gap-3" data-testid="widget-offer-rows">
          {fields.map((field, index) => {
            const choice = byId.get(offers[index]?.offerId ?? field.offerId);
            if (!choice) return null;
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border border-border p-3" data-offer-id={choice.offerId}>
                <input type="hidden" {...register(`offers.${index}.offerId`)} />
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p>
                    <span className="block text-xs text-muted-foreground">{choice.tourTitle}</span>
                    <span className="font-medium">{choice.offerName}</span>
                  </p>
                  <Button type="button" variant="outline" size="sm" onClick={() => remove(index)}>
                    <X aria-hidden className="size-4" />
                    {labels.offers.remove}
                    <span className="sr-only">: {choice.offerName}</span>
                  </Button>
                </div>
                <div className="grid gap-3 md:grid-cols-2">
                  {priceKindsOf(choice.b2b).map((kind) => {
                    const cost = choice.b2b[kind]!;
                    const sale = typedFils(offers[index]?.[SALE_FIELD[kind]]);
                    const guest = sale === null ? null : discountedPrice(sale, discount);
                    return (
                      <div key={kind} className="grid gap-1 rounded-md bg-muted/50 p-2">
                        <TextField
                          path={`offers.${index}.${SALE_FIELD[kind]}`}
                          label={`${labels.fields[SALE_FIELD[kind]]}, AED`}
                          hint={labels.offers.minimum.replace('{amount}', aed(lowestAllowedSalePrice(cost, discount)))}
                          inputMode="decimal"
                          maxLength={10}
                        />
                        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs" data-price-kind={kind}>
                          <dt className="text-muted-foreground">
                            {labels.offers.cost} ({labels.offers[PER_LABEL[kind]]})
                          </dt>
                          <dd className="tabular-nums" data-testid="b2b-cost">{aed(cost)}</dd>
                          {guest !== null ? (
                            <>
                              <dt className="text-muted-foreground">{labels.offers.guestPays}</dt>
                              <dd className="tabular-nums">{aed(guest)}</dd>
                              <dt className="text-muted-foreground">{labels.offers.margin}</dt>
                              <dd className={guest - cost < 0 ? 'tabular-nums text-destructive' : 'tabular-nums'}>{aed(guest - cost)}</dd>
                            </>
                          ) : null}
                        </dl>
                      </div>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {listMessage ? (
        <p className="text-sm text-destructive" role="alert">
          {translate(listMessage)}
        </p>
      ) : null}

      {fields.length < MAX_WIDGET_OFFERS ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <label htmlFor={chooserId} className="text-sm font-medium">
              {labels.offers.choose}
            </label>
            <select
              id={chooserId}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className="h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base md:text-sm"
            >
              <option value="">{labels.offers.choosePlaceholder}</option>
              {tours.map(([tourId, tourTitle]) => (
                <optgroup key={tourId} label={tourTitle}>
                  {choices
                    .filter((choice) => choice.tourId === tourId && !taken.has(choice.offerId))
                    .map((choice) => (
                      <option key={choice.offerId} value={choice.offerId}>
                        {choice.offerName}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          <Button type="button" variant="outline" onClick={add} disabled={!chosen}>
            <Plus aria-hidden className="size-4" />
            {labels.offers.add}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
