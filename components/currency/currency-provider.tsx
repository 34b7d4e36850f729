'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { CURRENCY_COOKIE, type Currency, type ExchangeRates } from '@/shared/money/money';

type CurrencyContextValue = {
  currency: Currency;
  /** What this host's switch offers (roubles only on the Russian domain). */
  currencies: readonly Currency[];
  /** The operator's rouble rate, where roubles are offered. */
  rates: ExchangeRates | undefined;
  setCurrency: (currency: Currency) => void;
};

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function writeCurrencyCookie(currency: Currency): void {
  document.cookie = `${CURRENCY_COOKIE}=${currency}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

function readCurrencyCookie(): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${CURRENCY_COOKIE}=([^;]*)`));
  return match?.[1] ?? null;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const AED_AND_USD: readonly Currency[] = ['AED', 'USD'];

/**
 * The visitor's display currency: the cookie's choice when this host offers it (a rouble choice
 * made on the Russian domain means nothing on another host), else the variant's default. Pages are
 * static, so the server renders the default and hydration applies the cookie. A provider mounted
 * later (a client navigation into another layout, the page a server action redirects to) reads
 * the cookie at once instead of showing the default first.
 */
export function CurrencyProvider({
  defaultCurrency,
  currencies = AED_AND_USD,
  rates,
  children,
}: {
  defaultCurrency: Currency;
  currencies?: readonly Currency[];
  rates?: ExchangeRates;
  children: ReactNode;
}) {
  const saved = useSyncExternalStore(subscribe, readCurrencyCookie, () => null);
  // Roubles need the rate: without it (a page that could not read it) they are not offered.
  const offered = useMemo(() => currencies.filter((code) => code !== 'RUB' || (rates && rates.rubPerAed > 0)), [currencies, rates]);
  const currency = offered.find((code) => code === saved) ?? defaultCurrency;

  const setCurrency = useCallback((next: Currency) => {
    writeCurrencyCookie(next);
    for (const listener of listeners) listener();
  }, []);

  const value = useMemo(() => ({ currency, currencies: offered, rates, setCurrency }), [currency, offered, rates, setCurrency]);
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
