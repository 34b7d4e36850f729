'use client';

import { Search } from 'lucide-react';
import { useParams } from 'next/navigation';
import { fillTemplate } from '@/components/bookings/picker/labels';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Labels = {
  /** Raw, with `{reference}`. */
  textFor: string;
  text: string;
  referenceLabel: string;
  search: string;
};

/** How long a typed reference may be shown and searched for (the list's `reference` filter). */
const MAX_REFERENCE = 20;

/**
 * What the booking page's 404 says and offers: the reference that was asked for, named, and the
 * list's search by reference with it already typed, to correct rather than retype. A not-found
 * page gets no route params from Next; the reference is read here from the route.
 */
export function BookingNotFoundSearch({ action, labels }: { action: string; labels: Labels }) {
  const { reference: raw } = useParams<{ reference?: string }>();
  const reference = typedReference(raw);
  return (
    <>
      <p className="mt-2 text-muted-foreground" data-testid="booking-not-found-text">
        {reference ? fillTemplate(labels.textFor, { reference }) : labels.text}
      </p>
      <form method="get" action={action} role="search" aria-label={labels.search} className="mt-8 flex flex-wrap items-end justify-center gap-2 text-left">
        <label className="grid min-w-0 flex-1 basis-56 gap-1.5 text-sm font-medium">
          {labels.referenceLabel}
          <Input
            name="reference"
            required
            maxLength={MAX_REFERENCE}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="TD-"
            defaultValue={reference ?? undefined}
          />
        </label>
        <button type="submit" className={buttonVariants()}>
          <Search aria-hidden />
          {labels.search}
        </button>
      </form>
    </>
  );
}

/** The route's reference as the agent typed it, or null when there is none worth repeating. */
function typedReference(raw: string | undefined): string | null {
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // Only printable text is repeated back, cut to what the search accepts.
  const text = decoded.replace(/[\p{C}]/gu, '').trim().slice(0, MAX_REFERENCE);
  return text || null;
}
