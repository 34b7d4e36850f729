'use client';

import { CreditCard, LoaderCircle } from 'lucide-react';
import { type FormEvent, useActionState, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFormStatus } from 'react-dom';
import { MonthCalendar } from '@/components/bookings/picker/month-calendar';
import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import { linesTotal, priceLines } from '@/shared/bookings/pricing';
import type { OfferPrices } from '@/shared/catalog/prices';
import { type Currency, formatMoney } from '@/shared/money/money';
import { guestCheckoutSchema } from '@/shared/widgets/guest-checkout-schema';
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
  /** The portal picker's month calendar, in the widget's language. */
  calendar: { previousMonth: string; nextMonth: string; dayAvailable: string; daySoldOut: string; dayUnavailable: string };
  /** The schema's messages by key (`checkout.errors.required`…), in the widget's language, for the checks made here. */
  fieldMessages: Record<string, string>;
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

type CountName = 'adults' | 'children' | 'infants';
const COUNT_NAMES: readonly CountName[] = ['adults', 'children', 'infants'];
/** The fields in page order: the first refused one takes the focus. */
const FIELD_ORDER = ['date', 'time', 'adults', 'children', 'infants', 'guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'notes'] as const;

function countOf(value: FormDataEntryValue | string | null | undefined, fallback: number): number {
  const count = Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(count) ? fallback : Math.max(0, Math.trunc(count));
}

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
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors: Record<string, string | undefined> = Object.keys(clientErrors).length > 0 ? clientErrors : state && !state.ok ? state.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);
  const [date, setDate] = useState(typed.date ?? days[0]?.date ?? '');
  const [month, setMonth] = useState((typed.date ?? days[0]?.date ?? '').slice(0, 7));
  // The party fields are the browser's own (uncontrolled): what a guest typed before the page
  // hydrated stays, and is read into the total once it has.
  const [counts, setCounts] = useState({ adults: countOf(typed.adults, 2), children: countOf(typed.children, 0), infants: countOf(typed.infants, 0) });
  const paymentWindow = useRef<Window | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  // Set once hydrated: the action then answers the payment page's URL instead of redirecting.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const times = days.find((day) => day.date === date)?.times ?? [];
  const total = linesTotal(priceLines(prices, counts));
  const amount = formatMoney(total, currency, locale);
  const openDates = new Set(days.map((day) => day.date));
  const firstMonth = days[0]?.date.slice(0, 7) ?? month;

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    setCounts((current) => ({
      adults: countOf(data.get('adults'), current.adults),
      children: countOf(data.get('children'), current.children),
      infants: countOf(data.get('infants'), current.infants),
    }));
  }, []);

  /** Checked here with the booking's own schema, so every message is the site's, in its language, before anything is sent. */
  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const input = Object.fromEntries([...data].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const parsed = guestCheckoutSchema.safeParse({ ...input, paymentMethod: 'card', hotelId: '', room: '', promoCode: '' });
    const found: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((FIELD_ORDER as readonly string[]).includes(field)) found[field] ??= labels.fieldMessages[issue.message] ?? labels.fieldMessages['checkout.errors.required'] ?? '';
    }
    setClientErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]:not([type="hidden"])`)?.focus();
      return;
    }
    // The click is the last moment a browser lets a frame open a window: open it now, fill it in
    // when the payment page is known.
    if (opensWindow) paymentWindow.current = window.open('about:blank', '_blank');
  }

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

  const count = (name: CountName, label: string) => (
    <FormField key={name} name={name} id={`guest-${name}`} label={label} error={errors[name]}>
      <Input
        type="number"
        name={name}
        min={0}
        max={name === 'infants' ? 20 : 50}
        inputMode="numeric"
        defaultValue={counts[name]}
        onChange={(event) => setCounts((current) => ({ ...current, [name]: countOf(event.target.value, 0) }))}
      />
    </FormField>
  );

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={checkBeforeSending}
      // A field's message goes as soon as it is corrected.
      onChange={(event) => {
        const target: EventTarget = event.target;
        const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ? target.name : '';
        if (clientErrors[field]) setClientErrors(({ [field]: _corrected, ...rest }) => rest);
      }}
      // Hydrated, the form checks itself and says what is wrong at each field in the site's
      // language; before that the browser's own checks are all there is.
      noValidate={hydrated}
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
        {hydrated ? (
          // The open days on the portal picker's calendar; the date list below stands in before the script runs.
          <fieldset className="grid gap-1.5" data-testid="guest-calendar">
            <legend className="mb-1.5 text-sm font-medium">{labels.date}</legend>
            <input type="hidden" name="date" value={date} />
            <MonthCalendar
              month={month}
              locale={locale}
              dayStatus={(day) => (openDates.has(day) ? 'available' : 'unavailable')}
              selected={date}
              onSelect={(day) => {
                setDate(day);
                setClientErrors(({ date: _date, time: _time, ...rest }) => rest);
              }}
              canGoBack={month > firstMonth}
              onMonthChange={setMonth}
              busy={false}
              labels={labels.calendar}
            />
            {errors.date ? (
              <p id="guest-date-error" className="text-sm text-destructive">
                {errors.date}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <FormField name="date" id="guest-date" label={labels.date} error={errors.date}>
            <select name="date" value={date} onChange={(event) => setDate(event.target.value)} className={FIELD_CLASS}>
              {days.map((day) => (
                <option key={day.date} value={day.date}>
                  {day.label}
                </option>
              ))}
            </select>
          </FormField>
        )}
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
        {COUNT_NAMES.map((name) => count(name, labels[name]))}
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
