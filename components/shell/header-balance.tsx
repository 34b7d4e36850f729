'use client';

import { Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAgentSession } from '@/components/auth/agent-session';
import { useCurrency } from '@/components/currency/currency-provider';
import { useApiFetch } from '@/components/http/http-feedback';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { LocaleLink, useRouteLocale } from '@/components/i18n/locale-link';
import { formatAedAs } from '@/server/shared/money/money';

export type HeaderBalanceLabels = {
  label: string;
  /** Raw message with an `{amount}` placeholder. */
  available: string;
  loading: string;
};

/** `GET /api/b2b/balance`: the agency's account, in AED minor units. */
export type AgencyBalance = { currency: 'AED'; balanceMinor: number; creditLimitMinor: number; availableMinor: number };

/** The agency's balance, fetched again on every session answer (sign-in and each refetch). */
function useAgencyBalance(): AgencyBalance | 'loading' | 'failed' {
  const session = useAgentSession();
  const fetchApi = useApiFetch();
  const [balance, setBalance] = useState<AgencyBalance | 'loading' | 'failed'>('loading');

  useEffect(() => {
    if (session.status !== 'authenticated') return;
    const controller = new AbortController();
    // The figure shown stays while it is fetched again.
    void fetchApi<AgencyBalance>('/api/b2b/balance', { signal: controller.signal }).then((result) => {
      if (result.ok) setBalance(result.data);
      else if (!result.aborted) setBalance('failed');
    });
    return () => controller.abort();
  }, [session, fetchApi]);
  return balance;
}

/**
 * The agency's balance beside the account menu (spec §4), for roles that may see it (the caller
 * checks `balance:view`), in the display currency, linking to the balance page. A failed fetch hides it.
 */
export function HeaderBalance({ labels }: { labels: HeaderBalanceLabels }) {
  const balance = useAgencyBalance();
  const { currency, rates } = useCurrency();
  const locale = useRouteLocale();

  // Below `lg` (1024 px) the header has no room beside the menu in Russian: the menu shows it there.
  if (balance === 'failed') return null;
  if (balance === 'loading') {
    return (
      <span role="status" className="hidden h-9 w-28 animate-pulse rounded-lg bg-muted lg:inline-block" data-testid="header-balance-loading">
        <span className="sr-only">{labels.loading}</span>
      </span>
    );
  }
  const amount = formatAedAs(balance.balanceMinor, currency, locale, rates);
  return (
    <LocaleLink
      href="/balance"
      title={labels.available.replace('{amount}', formatAedAs(balance.availableMinor, currency, locale, rates))}
      className="hidden h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap tabular-nums hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none lg:inline-flex"
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
