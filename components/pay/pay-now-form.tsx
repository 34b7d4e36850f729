'use client';

import { useActionState, useState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { fillTemplate } from '@/components/bookings/picker/labels';
import { cn } from '@/components/ui/cn';
import { payBookingAction, type PayBookingState } from '@/server/checkout/checkout-actions';
import type { PayNowMethod } from '@/server/payments/pay-schema';

/**
 * A way to pay, as the page offers it: a label, for the balance the funds available, and what it
 * charges (formatted by the server from the booking's charge quote) where the page knows it.
 */
export type PayNowOption = { method: PayNowMethod; label: string; note?: string; sandbox?: boolean; amount?: string };

/** `payAmount` is raw, with `{amount}`: the button of a method whose amount is known ("Pay AED 130.00"). */
export type PayNowLabels = { legend: string; pay: string; payAmount: string; paying: string; sandbox: string };

/**
 * "Pay now" / "Pay again" for a booking that needs payment: card, crypto (SBP on the Russian
 * domain) or the agency's balance. A plain form posting to the action, so it works before hydration.
 */
export function PayNowForm({
  reference,
  options,
  labels,
  compact = false,
  idPrefix = 'pay',
}: {
  reference: string;
  options: readonly PayNowOption[];
  labels: PayNowLabels;
  /** In a list row: the methods as a select beside the button. */
  compact?: boolean;
  /** Distinguishes several forms on one page (a list). */
  idPrefix?: string;
}) {
  const [state, formAction, pending] = useActionState<PayBookingState, FormData>(payBookingAction, null);
  useBookingDataStaleAfter(pending);
  useActionFailureFeedback(state);
  const [method, setMethod] = useState<PayNowMethod | undefined>(options[0]?.method);
  const errorId = `${idPrefix}-${reference}-error`;
  const error = state?.fieldErrors.method ?? state?.message;
  const amount = options.find((option) => option.method === method)?.amount;

  return (
    <form action={formAction} className={cn('grid gap-3', compact && 'flex flex-wrap items-center gap-2')} data-testid="pay-now-form" aria-describedby={error ? errorId : undefined}>
      <input type="hidden" name="reference" value={reference} />
      {compact ? (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">{labels.legend}</span>
          <select
            name="method"
            value={method}
            onChange={(event) => setMethod(event.target.value as PayNowMethod)}
            className="h-9 rounded-lg border border-input bg-background px-2 text-sm outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25"
          >
            {options.map((option) => (
              <option key={option.method} value={option.method}>
                {option.note ? `${option.label} (${option.note})` : option.label}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{labels.legend}</legend>
          {options.map((option) => (
            <label
              key={option.method}
              className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              data-testid={`pay-now-${option.method}`}
            >
              <input
                type="radio"
                name="method"
                value={option.method}
                checked={method === option.method}
                onChange={() => setMethod(option.method)}
                className="size-4 accent-primary"
              />
              <span>{option.label}</span>
              {option.sandbox ? (
                <span className="rounded-full border border-amber-500/60 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">{labels.sandbox}</span>
              ) : null}
              {option.note ? <span className="w-full pl-7 text-sm text-muted-foreground">{option.note}</span> : null}
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <SubmitButton label={amount ? fillTemplate(labels.payAmount, { amount }) : labels.pay} pendingLabel={labels.paying} size={compact ? 'sm' : 'default'} />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
