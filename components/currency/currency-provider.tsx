'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
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

/**
 * The visitor's display currency. Pages are static, so the server renders the variant's
 * default and the cookie's choice is applied once hydrated.
 */
export function CurrencyProvider({ defaultCurrency, children }: { defaultCurrency: DisplayCurrency; children: ReactNode }) {
  const [currency, setCurrencyState] = useState<DisplayCurrency>(defaultCurrency);

  useEffect(() => {
    const saved = readCurrencyCookie();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie is only readable after hydration
    if (saved) setCurrencyState(saved);
  }, []);

  const setCurrency = useCallback((next: DisplayCurrency) => {
    writeCurrencyCookie(next);
    setCurrencyState(next);
  }, []);

  const value = useMemo(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
