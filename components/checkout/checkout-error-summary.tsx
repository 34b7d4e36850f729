'use client';

import type { MouseEvent, Ref } from 'react';
import { type CheckoutErrors, type CheckoutFormLabels, FIELD_ORDER, type FormFieldName } from './checkout-form-types';

type LinkedError = { field: string; target: string; label: string };

export type CheckoutErrorSummaryContent = { heading: string | undefined; notes: string[]; linked: LinkedError[] };

/**
 * What the summary at the top says: fields on the form are linked by name (their message shows
 * beside them); a message about anything else (the guests, the slot) is given in full, once,
 * after what the booking answered.
 */
export function summarizeCheckoutErrors({
  errors,
  failureMessage,
  fieldTarget,
  labels,
}: {
  errors: CheckoutErrors;
  failureMessage: string | null;
  /** The id a field's link focuses, or null when the field is not on the form. */
  fieldTarget: (field: string) => string | null;
  labels: CheckoutFormLabels;
}): CheckoutErrorSummaryContent {
  const fieldLabels: Record<FormFieldName, string> = {
    guestName: labels.guestName,
    guestPhone: labels.phone,
    guestEmail: labels.email,
    guestEmailConfirm: labels.emailConfirm,
    hotelId: labels.hotel,
    room: labels.room,
    notes: labels.notes,
    paymentMethod: labels.payment,
    promoCode: labels.promoCode,
  };
  const erred = [...FIELD_ORDER, ...Object.keys(errors).filter((field) => !(FIELD_ORDER as readonly string[]).includes(field))].filter((field) => errors[field]);
  const linked = erred.flatMap((field) => {
    const target = fieldTarget(field);
    const label = fieldLabels[field as FormFieldName];
    return target && label ? [{ field, target, label }] : [];
  });
  const unlinked = [...new Set(erred.filter((field) => !linked.some((link) => link.field === field)).map((field) => errors[field] ?? ''))];
  const notes = [...(failureMessage ? [failureMessage] : []), ...unlinked].filter((note, index, all) => all.indexOf(note) === index);
  const heading = linked.length > 0 ? labels.errorSummary[Math.min(linked.length, labels.errorSummary.length - 1)] : notes.shift();
  return { heading, notes, linked };
}

function focusField(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const field = document.getElementById(target);
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'start' });
}

/** The error summary at the top of the form (`#checkout-error`), which takes the focus after each failure. */
export function CheckoutErrorSummary({ summary: { heading, notes, linked }, ref }: { summary: CheckoutErrorSummaryContent; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      id="checkout-error"
      role="alert"
      tabIndex={-1}
      aria-labelledby="checkout-error-title"
      data-testid="error-summary"
      className="scroll-mt-28 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive outline-none focus-visible:ring-3 focus-visible:ring-destructive/30"
    >
      <h2 id="checkout-error-title" className="font-semibold">
        {heading}
      </h2>
      {notes.map((note) => (
        <p key={note} className="mt-1">
          {note}
        </p>
      ))}
      {linked.length > 0 ? (
        <ul className="mt-2 grid list-disc gap-1 pl-5">
          {linked.map(({ field, target, label }) => (
            <li key={field}>
              <a href={`#${target}`} onClick={(event) => focusField(event, target)} className="underline underline-offset-2">
                {label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
