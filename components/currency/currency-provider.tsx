'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { CURRENCY_COOKIE, type DisplayCurrency, isDisplayCurrency } from '@/server/shared/money/money';

type CurrencyContextValue = { currency: DisplayCurrency; setCurrency: (currency: DisplayCurrency) => void };

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function writeCurrencyCookie(currency: DisplayCurrency): void {
  document.cookie = `${CURRENCY_COOKIE}=${currency}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

function readCurrencyCookie(): DisplayCurrency | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${CURRENCY_COOKIE}=([^;]*)`));
  return match && isDisplayCurrency(match[1]) ? match[1] : null;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The visitor's display currency: the cookie's choice, else the variant's default. Pages are
 * static, so the server renders the default and hydration applies the cookie. A provider mounted
 * later (a client navigation into another layout, the page a server action redirects to) reads
 * the cookie at once instead of showing the default first.
 */
export function CurrencyProvider({ defaultCurrency, children }: { defaultCurrency: DisplayCurrency; children: ReactNode }) {
  const saved = useSyncExternalStore(subscribe, readCurrencyCookie, () => null);
  const currency = saved ?? defaultCurrency;

  const setCurrency = useCallback((next: DisplayCurrency) => {
    writeCurrencyCookie(next);
    for (const listener of listeners) listener();
  }, []);

  const value = useMemo(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
