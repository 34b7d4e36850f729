'use client';

import { Wallet } from 'lucide-react';
import { useAgentSession } from '@/components/auth/agent-session';
import { BALANCE_PATH } from '@/components/bookings/booking-data';
import { useCurrency } from '@/components/currency/currency-provider';
import { useApiQuery } from '@/components/http/api-query';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { LocaleLink, useRouteLocale } from '@/components/i18n/locale-link';
import { formatAedAs } from '@/shared/money/money';

export type HeaderBalanceLabels = {
  label: string;
  /** Raw message with an `{amount}` placeholder. */
  available: string;
  loading: string;
};

/** `GET /api/v1/b2b/balance`: the agency's account, in AED minor units. */
export type AgencyBalance = { currency: 'AED'; balanceMinor: number; creditLimitMinor: number; availableMinor: number };

/**
 * The agency's balance, asked for when the session becomes authenticated (spec §4), then served
 * from the client cache: fresh for 120 s (spec §9), not asked again on focus or on each session
 * check, but again once stale while it shows, and at once after a booking, payment or
 * cancellation (useBookingDataStaleAfter).
 */
function useAgencyBalance(wanted = true): AgencyBalance | 'loading' | 'failed' {
  const session = useAgentSession();
  const balance = useApiQuery<AgencyBalance>(wanted && session.status === 'authenticated' ? BALANCE_PATH : null, { refreshWhenStale: true });
  if (!wanted) return 'loading';
  return balance.status === 'ready' ? balance.data : balance.status;
}

// One box for the figure and for its wait, so nothing moves or flashes grey when it arrives.
const BOX_CLASS = 'hidden h-9 min-w-32 items-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap tabular-nums lg:inline-flex xl:min-w-44';

/**
 * The agency's balance beside the account menu (spec §4), for roles that may see it (the caller
 * checks `balance:view`), in the display currency, linking to the balance page. A failed fetch hides it.
 */
export function HeaderBalance({ labels, waiting = false }: { labels: HeaderBalanceLabels; waiting?: boolean }) {
  // `waiting`: whether it may be shown is not known yet (customer view): its place only.
  const balance = useAgencyBalance(!waiting);
  const { currency, rates } = useCurrency();
  const locale = useRouteLocale();

  // Below `lg` (1024 px) the header has no room beside the menu in Russian: the menu shows it there.
  if (balance === 'failed') return null;
  if (balance === 'loading') {
    return (
      <span role="status" className={BOX_CLASS} data-testid="header-balance-loading">
        <Wallet aria-hidden className="size-4 text-muted-foreground" />
        <span aria-hidden className="hidden xl:inline">
          {labels.label}
        </span>
        <span className="sr-only">{labels.loading}</span>
      </span>
    );
  }
  const amount = formatAedAs(balance.balanceMinor, currency, locale, rates);
  return (
    <LocaleLink
      href="/balance"
      title={labels.available.replace('{amount}', formatAedAs(balance.availableMinor, currency, locale, rates))}
      className={`${BOX_CLASS} hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none`}
      data-testid="header-balance"
    >
      <Wallet aria-hidden className="size-4 text-muted-foreground" />
      <span className="sr-only xl:not-sr-only">{labels.label}</span>
      <span className={balance.balanceMinor < 0 ? 'text-destructive' : undefined}>{amount}</span>
    </LocaleLink>
  );
}

/** The same balance as the account menu's first item, on screens narrower than `lg`; fetched when the menu opens. */
export function MenuBalance({ labels }: { labels: HeaderBalanceLabels }) {
  const balance = useAgencyBalance();
  const { currency, rates } = useCurrency();
  const locale = useRouteLocale();
  if (balance === 'failed') return null;
  return (
    <DropdownMenuItem asChild className="lg:hidden">
      <LocaleLink href="/balance" data-testid="menu-balance">
        <Wallet aria-hidden className="size-4" />
        <span>
          {labels.label}:{' '}
          <span className="font-medium tabular-nums">
            {balance === 'loading' ? labels.loading : formatAedAs(balance.balanceMinor, currency, locale, rates)}
          </span>
        </span>
      </LocaleLink>
    </DropdownMenuItem>
  );
}
