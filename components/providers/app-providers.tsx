'use client';

import type { Session } from 'next-auth';
import type { ReactNode } from 'react';
import { AgentSessionProvider } from '@/components/auth/agent-session';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import type { DisplayCurrency } from '@/server/shared/money/money';

/**
 * `session` undefined (static public pages): rendered for a visitor, and the client asks for the
 * session once hydrated if an agent signed in in this browser. Portal pages pass the server's
 * session so the header renders without a round trip.
 */
export function AppProviders({
  session,
  defaultCurrency,
  children,
}: {
  session?: Session | null;
  defaultCurrency: DisplayCurrency;
  children: ReactNode;
}) {
  return (
    <AgentSessionProvider session={session}>
      <CurrencyProvider defaultCurrency={defaultCurrency}>{children}</CurrencyProvider>
    </AgentSessionProvider>
  );
}
