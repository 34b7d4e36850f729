'use client';

import type { Session } from 'next-auth';
import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import type { DisplayCurrency } from '@/server/money/money';

/**
 * `session` undefined (static public pages): the client fetches it once hydrated.
 * Portal pages pass the server's session so the header renders without a round trip.
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
    <SessionProvider session={session}>
      <CurrencyProvider defaultCurrency={defaultCurrency}>{children}</CurrencyProvider>
    </SessionProvider>
  );
}
