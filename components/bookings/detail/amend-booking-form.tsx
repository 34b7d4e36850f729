'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Price } from '@/components/catalog/price';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import { formatPercent } from '@/i18n/numbers';
import { amendBookingAction, type AmendmentConfirmResult, type AmendmentPreviewResult, type AmendmentPreviewView, previewAmendmentAction } from '@/server/checkout/amend-actions';
import { type AmendmentChange, amendmentChangeSchema, MAX_TICKETS } from '@/shared/bookings/amendment-schema';

export type AmendBookingLabels = {
  title: string;
  lead: string;
  open: string;
  close: string;
  slot: string;
  /** `date|time` → the option's text. */
  slotOptions: Record<string, string>;
  adults: string;
  children: string;
  infants: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  ticketNames: string;
  ticketNamesHint: string;
  /** With `{index}` to fill in. */
  ticket: { adult: string; child: string; infant: string };
  review: string;
  reviewing: string;
  changedSinceReview: string;
  previewTitle: string;
  difference: string;
  pay: string;
  payBalance: string;
  payCard: string;
  refund: string;
  /** With `{percent}` to fill in. */
  refundBalance: string;
  refundCard: string;
  fee: string;
  nothing: string;
  amountsHidden: string;
  confirmBalance: string;
  confirmCard: string;
  confirmRefund: string;
  confirmFree: string;
  confirming: string;
  done: string;
  /** Message key → text, for the schema's own messages. */
  errors: Record<string, string>;
};

type Current = Omit<AmendmentChange, 'reference'>;
type FormValues = z.input<typeof amendmentChangeSchema>;

type Props = { reference: string; current: Current; slots: string[]; seesNet: boolean; locale: Locale; labels: AmendBookingLabels };

/**
 * The amendment form: the agent changes the booking, asks for the difference (priced on the server
 * by the checkout's own function), then confirms exactly that figure. Any change after the review
 * withdraws it, so nothing is confirmed that the agent did not see.
 */
export function AmendBookingForm({ reference, current, slots, seesNet, locale, labels }: Props) {
  const id = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<{ view: AmendmentPreviewView; key: string; sent: AmendmentChange } | null>(null);
  const [failure, setFailure] = useState<AmendmentPreviewResult | AmendmentConfirmResult | null>(null);
  const [message, setMessage] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const previewRef = useRef<HTMLDivElement>(null);
  useActionFailureFeedback(failure);

  const form = useForm<FormValues, unknown, AmendmentChange>({
    defaultValues: { reference, ...current, guestNames: padNames(current.guestNames, current.adults + current.children + current.infants) },
    resolver: zodResolver(amendmentChangeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setValue, setError, formState, control } = form;
  const watched = useWatch({ control });
  const [date, time] = [watched.date ?? current.date, watched.time ?? current.time];
  const tickets = ticketList(Number(watched.adults) || 0, Number(watched.children) || 0, Number(watched.infants) || 0);

  // A change after the review withdraws it: the difference shown must be the one confirmed.
  const [changedAfterReview, setChangedAfterReview] = useState(false);
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) setChangedAfterReview(true);
        },
      }),
    [subscribe],
  );
  const stale = preview !== null && changedAfterReview;

  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);

  const translate = (text: string | undefined) => (text ? (labels.errors[text] ?? text) : undefined);

  function showFailure(result: Exclude<AmendmentPreviewResult | AmendmentConfirmResult, { ok: true }>) {
    setFailure(result);
    const fields = Object.entries(result.fieldErrors);
    for (const [field, text] of fields) if (text) setError(field as never, { type: 'server', message: text });
    setMessage({ kind: 'error', text: result.message });
  }

  const review = handleSubmit((change) => {
    setMessage(null);
    setPreview(null);
    startTransition(async () => {
      const result = await previewAmendmentAction(change);
      if (!result.ok) return showFailure(result);
      setChangedAfterReview(false);
      setPreview({ view: result.data, key: crypto.randomUUID(), sent: change });
    });
  });

  function confirm() {
    if (!preview || stale) return;
    const { view, key, sent } = preview;
    startTransition(async () => {
      const result = await amendBookingAction({ ...sent, idempotencyKey: key, issue: view.issue, expectedSettledMinor: view.settledMinor });
      // A card payment redirects to the provider; only the other outcomes come back.
      if (!result) return;
      if (!result.ok) {
        setPreview(null);
        return showFailure(result);
      }
      setPreview(null);
      setOpen(false);
      setMessage({ kind: 'done', text: labels.done });
      router.refresh();
    });
  }

  const field = (name: 'adults' | 'children' | 'infants' | 'guestName' | 'guestPhone' | 'guestEmail') => ({
    id: `${id}-${name}`,
    'aria-invalid': formState.errors[name] ? true : undefined,
    'aria-describedby': formState.errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorOf = (name: 'adults' | 'children' | 'infants' | 'guestName' | 'guestPhone' | 'guestEmail' | 'time' | 'date') =>
    formState.errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {translate(formState.errors[name]?.message)}
      </p>
    ) : null;

  const view = stale ? undefined : preview?.view;
  const confirmLabel = !view
    ? ''
    : view.settledMinor > 0
      ? view.method === 'balance'
        ? labels.confirmBalance
        : labels.confirmCard
      : view.settledMinor < 0
        ? labels.confirmRefund
        : labels.confirmFree;

  return (
    <div className="mt-3">
      <p className="text-sm text-muted-foreground">{labels.lead}</p>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'mt-3 text-sm text-destructive' : 'mt-3 text-sm font-medium'}
          data-testid={`amend-${message.kind}`}
        >
          {message.text}
        </p>
      ) : null}
      <Button type="button" variant="outline" className="mt-3 w-full" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((value) => !value)}>
        {open ? labels.close : labels.open}
      </Button>
      {stale ? (
        <p role="status" className="mt-3 text-sm font-medium" data-testid="amend-stale">
          {labels.changedSinceReview}
        </p>
      ) : null}
      {open ? (
        <form id={`${id}-form`} onSubmit={review} noValidate className="mt-4 grid gap-4" data-testid="amend-form">
          <div className="grid gap-1">
            <label htmlFor={`${id}-slot`} className="text-sm font-medium">
              {labels.slot}
            </label>
            <select
              id={`${id}-slot`}
              name="slot"
              value={`${date}|${time}`}
              onChange={(event) => {
                const [nextDate = '', nextTime = ''] = event.target.value.split('|');
                setValue('date', nextDate, { shouldDirty: true });
                setValue('time', nextTime, { shouldDirty: true });
              }}
              className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base md:text-sm"
            >
              {slots.map((slot) => (
                <option key={slot} value={slot}>
                  {labels.slotOptions[slot]}
                </option>
              ))}
            </select>
            {errorOf('date') ?? errorOf('time')}
          </div>
          <div className="grid grid-cols-3 gap-3">
            {(['adults', 'children', 'infants'] as const).map((name) => (
              <div key={name} className="grid gap-1">
                <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
                  {labels[name]}
                </label>
                <Input type="number" inputMode="numeric" min={0} max={name === 'infants' ? 20 : 50} {...field(name)} {...register(name)} />
                {errorOf(name)}
              </div>
            ))}
          </div>
          {(['guestName', 'guestPhone', 'guestEmail'] as const).map((name) => (
            <div key={name} className="grid gap-1">
              <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
                {labels[name]}
              </label>
              <Input type={name === 'guestEmail' ? 'email' : name === 'guestPhone' ? 'tel' : 'text'} {...field(name)} {...register(name)} />
              {errorOf(name)}
            </div>
          ))}
          {tickets.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">{labels.ticketNames}</legend>
              <p className="text-sm text-muted-foreground">{labels.ticketNamesHint}</p>
              {tickets.map((ticket, position) => {
                const error = formState.errors.guestNames?.[position]?.message;
                return (
                  <div key={position} className="grid gap-1">
                    <label htmlFor={`${id}-ticket-${position}`} className="text-sm">
                      {labels.ticket[ticket.type].replace('{index}', String(position + 1))}
                    </label>
                    <Input
                      id={`${id}-ticket-${position}`}
                      placeholder={watched.guestName ?? current.guestName}
                      aria-invalid={error ? true : undefined}
                      {...register(`guestNames.${position}`)}
                    />
                    {error ? <p className="text-sm text-destructive">{translate(error)}</p> : null}
                  </div>
                );
              })}
            </fieldset>
          ) : null}
          <Button type="submit" variant="outline" disabled={pending} aria-disabled={pending}>
            {pending && !preview ? labels.reviewing : labels.review}
          </Button>
          {view ? (
            <div ref={previewRef} tabIndex={-1} role="status" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 outline-none" data-testid="amend-preview">
              <h3 className="font-semibold">{labels.previewTitle}</h3>
              {!seesNet && view.settledMinor !== 0 ? (
                <p className="text-sm">{labels.amountsHidden}</p>
              ) : (
                <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-2 text-sm">
                  <dt className="text-muted-foreground">{labels.difference}</dt>
                  <dd className="text-right tabular-nums" data-testid="amend-difference">
                    <Price fils={view.differenceMinor} />
                  </dd>
                  {view.refund ? (
                    <>
                      <dt className="text-muted-foreground">{labels.fee}</dt>
                      <dd className="text-right tabular-nums">
                        <Price fils={view.refund.feeMinor} />
                      </dd>
                    </>
                  ) : null}
                  {view.settledMinor !== 0 ? (
                    <>
                      <dt className="border-t border-border pt-2 font-semibold">{view.settledMinor > 0 ? labels.pay : labels.refund}</dt>
                      <dd className="border-t border-border pt-2 text-right font-semibold tabular-nums" data-testid="amend-settled">
                        <Price fils={Math.abs(view.settledMinor)} />
                      </dd>
                    </>
                  ) : null}
                </dl>
              )}
              <p className="text-sm">
                {view.settledMinor > 0
                  ? view.method === 'balance'
                    ? labels.payBalance
                    : labels.payCard
                  : view.settledMinor < 0
                    ? (view.method === 'balance' ? labels.refundBalance : labels.refundCard).replace('{percent}', formatPercent(view.refund?.percent ?? 0, locale))
                    : labels.nothing}
              </p>
              {seesNet || view.settledMinor === 0 ? (
                <Button type="button" onClick={confirm} disabled={pending} aria-disabled={pending} data-testid="amend-confirm">
                  {pending ? labels.confirming : confirmLabel}
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

type TicketType = 'adult' | 'child' | 'infant';

/** The tickets in print order (tickets-pdf.ts): adults, children, infants. */
function ticketList(adults: number, children: number, infants: number): { type: TicketType }[] {
  const clamp = (count: number) => Math.max(0, Math.min(MAX_TICKETS, count));
  return [
    ...Array.from({ length: clamp(adults) }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: clamp(children) }, () => ({ type: 'child' as const })),
    ...Array.from({ length: clamp(infants) }, () => ({ type: 'infant' as const })),
  ].slice(0, MAX_TICKETS);
}

function padNames(names: string[], count: number): string[] {
  return Array.from({ length: Math.min(count, MAX_TICKETS) }, (_, index) => names[index] ?? '');
}
