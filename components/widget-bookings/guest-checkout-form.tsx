'use client';

import { CreditCard, LoaderCircle } from 'lucide-react';
import { useActionState, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFormStatus } from 'react-dom';
import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import { linesTotal, priceLines } from '@/server/shared/bookings/pricing';
import type { OfferPrices } from '@/server/shared/catalog/prices';
import { type Currency, formatMoney } from '@/server/shared/money/money';
import { bookAsGuestAction, type GuestCheckoutState } from '@/server/widgets/guest-bookings/guest-actions';

export type GuestCheckoutLabels = {
  date: string;
  time: string;
  noDates: string;
  adults: string;
  children: string;
  infants: string;
  guestName: string;
  guestNameHint: string;
  guestPhone: string;
  guestEmail: string;
  guestEmailConfirm: string;
  notes: string;
  total: string;
  /** With `{amount}` left in, filled in here. */
  pay: string;
  paying: string;
  windowNote: string;
  openPayment: string;
  popupBlocked: string;
};

export type GuestCheckoutDay = { date: string; label: string; times: string[] };

type Props = {
  offerId: string;
  days: GuestCheckoutDay[];
  /** The guest's prices in the widget's currency, minor units. */
  prices: OfferPrices;
  currency: Currency;
  locale: Locale;
  /** One per page render: a repeated submit books once. */
  idempotencyKey: string;
  /** Inside an embed the payment opens in a new top-level window, never in the frame. */
  opensWindow: boolean;
  /** An embed names its widget and the domain of the page framing it (a site is known by its host). */
  embed?: { widgetId: string; site: string };
  labels: GuestCheckoutLabels;
};

const noSubscription = () => () => {};

const FIELD_CLASS = 'h-10 w-full rounded-lg border border-input bg-background px-3 text-base md:text-sm';

/**
 * The guest's booking form on a widget's site or embed: date and start time among the open
 * slots, the party, the guest's contact, the total at the widget's prices, and card payment. A
 * plain form posting to the action, so the site's checkout works before hydration too; a refusal
 * keeps what was typed and shows each message at its field.
 */
export function GuestCheckoutForm({ offerId, days, prices, currency, locale, idempotencyKey, opensWindow, embed, labels }: Props) {
  const [state, formAction] = useActionState<GuestCheckoutState, FormData>(bookAsGuestAction, null);
  const typed = state && !state.ok ? state.values : {};
  const errors: Record<string, string | undefined> = state && !state.ok ? state.fieldErrors : {};
  const [date, setDate] = useState(typed.date ?? days[0]?.date ?? '');
  const [counts, setCounts] = useState({ adults: Number(typed.adults ?? 2), children: Number(typed.children ?? 0), infants: Number(typed.infants ?? 0) });
  const paymentWindow = useRef<Window | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  // Set once hydrated: the action then answers the payment page's URL instead of redirecting.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const times = days.find((day) => day.date === date)?.times ?? [];
  const total = linesTotal(priceLines(prices, counts));
  const amount = formatMoney(total, currency, locale);

  useEffect(() => {
    if (!state?.ok) {
      paymentWindow.current?.close();
      paymentWindow.current = null;
      return;
    }
    if (!opensWindow) window.location.assign(state.paymentUrl);
    else if (paymentWindow.current && !paymentWindow.current.closed) paymentWindow.current.location.href = state.paymentUrl;
    else setBlockedUrl(state.paymentUrl);
  }, [state, opensWindow]);

  if (days.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-border p-4 text-muted-foreground">
        {labels.noDates}
      </p>
    );
  }

  const count = (name: 'adults' | 'children' | 'infants', label: string, min: number) => (
    <FormField name={name} id={`guest-${name}`} label={label} error={errors[name]}>
      <Input
        type="number"
        name={name}
        min={min}
        max={name === 'infants' ? 20 : 50}
        inputMode="numeric"
        value={counts[name]}
        onChange={(event) => setCounts((current) => ({ ...current, [name]: Math.max(0, Number(event.target.value) || 0) }))}
      />
    </FormField>
  );

  return (
    <form
      action={formAction}
      // The click is the last moment a browser lets a frame open a window: open it now, fill it in
      // when the payment page is known.
      onSubmit={() => {
        if (opensWindow) paymentWindow.current = window.open('about:blank', '_blank');
      }}
      className="grid gap-4"
      data-testid="guest-checkout"
    >
      <input type="hidden" name="offerId" value={offerId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {hydrated ? <input type="hidden" name="navigates" value="1" /> : null}
      {embed ? (
        <>
          <input type="hidden" name="widgetId" value={embed.widgetId} />
          <input type="hidden" name="site" value={embed.site} />
        </>
      ) : null}
      {state && !state.ok && state.message ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-red-50 px-4 py-3 text-red-900">
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="date" id="guest-date" label={labels.date} error={errors.date}>
          <select name="date" value={date} onChange={(event) => setDate(event.target.value)} className={FIELD_CLASS}>
            {days.map((day) => (
              <option key={day.date} value={day.date}>
                {day.label}
              </option>
            ))}
          </select>
        </FormField>
        {times.length > 0 ? (
          <FormField name="time" id="guest-time" label={labels.time} error={errors.time}>
            <select name="time" defaultValue={typed.time} key={date} className={FIELD_CLASS}>
              {times.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {count('adults', labels.adults, 0)}
        {count('children', labels.children, 0)}
        {count('infants', labels.infants, 0)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="guestName" id="guest-name" label={labels.guestName} hint={labels.guestNameHint} error={errors.guestName}>
          <Input name="guestName" required maxLength={100} autoComplete="name" defaultValue={typed.guestName} />
        </FormField>
        <FormField name="guestPhone" id="guest-phone" label={labels.guestPhone} error={errors.guestPhone}>
          <Input name="guestPhone" type="tel" required maxLength={30} autoComplete="tel" defaultValue={typed.guestPhone} />
        </FormField>
        <FormField name="guestEmail" id="guest-email" label={labels.guestEmail} error={errors.guestEmail}>
          <Input name="guestEmail" type="email" required maxLength={254} autoComplete="email" defaultValue={typed.guestEmail} />
        </FormField>
        <FormField name="guestEmailConfirm" id="guest-email-confirm" label={labels.guestEmailConfirm} error={errors.guestEmailConfirm}>
          <Input name="guestEmailConfirm" type="email" required maxLength={254} autoComplete="email" defaultValue={typed.guestEmailConfirm} />
        </FormField>
      </div>
      <FormField name="notes" id="guest-notes" label={labels.notes} error={errors.notes}>
        <textarea name="notes" rows={2} maxLength={1000} defaultValue={typed.notes} className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base md:text-sm" />
      </FormField>
      <p className="flex items-baseline justify-between border-t border-border pt-3 text-lg font-semibold">
        <span>{labels.total}</span>
        <span className="tabular-nums" data-testid="guest-total">
          {amount}
        </span>
      </p>
      <PayButton label={labels.pay.replace('{amount}', amount)} pending={labels.paying} opensWindow={opensWindow} />
      {opensWindow ? <p className="text-sm text-muted-foreground">{labels.windowNote}</p> : null}
      {blockedUrl ? (
        <p role="alert" className="text-sm">
          {labels.popupBlocked}{' '}
          <a href={blockedUrl} target="_blank" rel="noopener" className="font-medium text-primary underline">
            {labels.openPayment}
          </a>
        </p>
      ) : null}
    </form>
  );
}

function PayButton({ label, pending, opensWindow }: { label: string; pending: string; opensWindow: boolean }) {
  const status = useFormStatus();
  return (
    <button
      type="submit"
      // Before hydration the browser posts the form itself and follows the action's redirect to the
      // payment page: in a new top-level window, as after hydration, never inside the frame. (React
      // drops `target` on a form whose action is a function; the button's own target stays.)
      formTarget={opensWindow ? '_blank' : undefined}
      disabled={status.pending}
      className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90 disabled:opacity-60"
    >
      {status.pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <CreditCard aria-hidden className="size-4" />}
      {status.pending ? pending : label}
    </button>
  );
}
