'use client';

import { Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAgentSession } from '@/components/auth/agent-session';
import { useCurrency } from '@/components/currency/currency-provider';
import { useApiFetch } from '@/components/http/http-feedback';
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

/**
 * The agency's balance beside the account menu (spec §4), for roles that may see it (the caller
 * checks `balance:view`), in the display currency, linking to the balance page. Fetched again on
 * every session answer: at sign-in and on each of the session's refetches. A failed fetch hides it.
 */
export function HeaderBalance({ labels }: { labels: HeaderBalanceLabels }) {
  const session = useAgentSession();
  const fetchApi = useApiFetch();
  const { currency } = useCurrency();
  const locale = useRouteLocale();
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

  // Below `lg` (1024 px) the header has no room beside the menu in Russian; the menu's Statement item leads there.
  if (balance === 'failed') return null;
  if (balance === 'loading') {
    return (
      <span role="status" className="hidden h-9 w-28 animate-pulse rounded-lg bg-muted lg:inline-block" data-testid="header-balance-loading">
        <span className="sr-only">{labels.loading}</span>
      </span>
    );
  }
  const amount = formatAedAs(balance.balanceMinor, currency, locale);
  return (
    <LocaleLink
      href="/balance"
      title={labels.available.replace('{amount}', formatAedAs(balance.availableMinor, currency, locale))}
      className="hidden h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap tabular-nums hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none lg:inline-flex"
      data-testid="header-balance"
    >
      <Wallet aria-hidden className="size-4 text-muted-foreground" />
      <span className="sr-only xl:not-sr-only">{labels.label}</span>
      <span className={balance.balanceMinor < 0 ? 'text-destructive' : undefined}>{amount}</span>
    </LocaleLink>
  );
}
