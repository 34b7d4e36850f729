'use client';

import clsx from 'clsx';
import { useCurrency } from './currency-provider';

export function CurrencySwitch({ label }: { label: string }) {
  const { currency, currencies, setCurrency } = useCurrency();
  return (
    <div role="radiogroup" aria-label={label} className="flex rounded-lg border border-border p-0.5">
      {currencies.map((code) => (
        <button
          key={code}
          type="button"
          role="radio"
          aria-checked={currency === code}
          onClick={() => setCurrency(code)}
          className={clsx(
            'h-8 rounded-md px-2 text-xs font-semibold transition-colors focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none',
            currency === code ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          {code}
        </button>
      ))}
    </div>
  );
}
