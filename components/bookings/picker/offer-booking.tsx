'use client';

import { ChevronDown } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { useAgentSession } from '@/components/auth/agent-session';
import { LocaleLink, useRouteLocale } from '@/components/i18n/locale-link';
import { localizedPath } from '@/i18n/locales';
import type { PickerOffer } from './booking-picker';
import type { BookingLabels } from './labels';

// The picker (calendar, date-fns locales, pricing) loads only when an agent opens it, so the
// public tour page's bundle carries just this button.
const BookingPanel = dynamic(() => import('./booking-panel').then((module) => module.BookingPanel), {
  ssr: false,
  loading: () => <div aria-hidden className="mt-4 h-80 animate-pulse rounded-xl bg-muted" />,
});

// buttonVariants() spelled out: the class merger stays out of public bundles.
const ACTION_CLASS =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none';
const PRIMARY_CLASS = `${ACTION_CLASS} bg-primary text-primary-foreground hover:bg-primary/90`;
const OUTLINE_CLASS = `${ACTION_CLASS} border border-border bg-background text-primary hover:bg-muted`;

/**
 * An offer's way to book: "Sign in to book" for visitors; for agents, a button that opens the
 * date, time and guest picker under the offer.
 */
export function OfferBooking({ offer, tourSlug, labels }: { offer: PickerOffer; tourSlug: string; labels: BookingLabels }) {
  const { status } = useAgentSession();
  const locale = useRouteLocale();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  if (status === 'loading') return <div aria-hidden className="h-10 w-44 justify-self-end rounded-lg bg-muted" />;
  if (status === 'anonymous') {
    return (
      <LocaleLink
        href={{ pathname: '/sign-in', query: { callbackUrl: localizedPath(locale, `/tour/${tourSlug}`) } }}
        className={`${OUTLINE_CLASS} justify-self-end`}
        data-testid="sign-in-to-book"
        data-visitor-only
      >
        {labels.signInToBook}
      </LocaleLink>
    );
  }
  return (
    <div className="grid min-w-0">
      <button
        type="button"
        className={`${PRIMARY_CLASS} justify-self-end`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {offer.hasLiveAvailability ? labels.checkAvailability : labels.book}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div id={panelId}>
          <BookingPanel offer={offer} labels={labels} />
        </div>
      ) : null}
    </div>
  );
}
