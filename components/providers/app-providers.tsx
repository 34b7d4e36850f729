'use client';

import type { Session } from 'next-auth';
import type { ReactNode } from 'react';
import { AgentSessionProvider } from '@/components/auth/agent-session';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import type { HttpLabels } from '@/components/http/api-client';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import type { Currency, ExchangeRates } from '@/shared/money/money';

/**
 * `session` undefined (static public pages): rendered for a visitor, and the client asks for the
 * session once hydrated if an agent signed in in this browser. Portal pages pass the server's
 * session so the header renders without a round trip. `httpLabels`: spec §8's texts for the
 * islands' fetches and forms (components/http).
 */
export function AppProviders({
  session,
  defaultCurrency,
  currencies,
  rates,
  httpLabels,
  children,
}: {
  session?: Session | null;
  defaultCurrency: Currency;
  /** The header switch's currencies on this host, and the rouble rate where roubles are among them. */
  currencies?: readonly Currency[];
  rates?: ExchangeRates;
  httpLabels: HttpLabels;
  children: ReactNode;
}) {
  return (
    <HttpFeedbackProvider labels={httpLabels}>
      <AgentSessionProvider session={session}>
        <CurrencyProvider defaultCurrency={defaultCurrency} currencies={currencies} rates={rates}>{children}</CurrencyProvider>
      </AgentSessionProvider>
    </HttpFeedbackProvider>
  );
}
