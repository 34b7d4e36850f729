'use client';

import { useTranslations } from 'next-intl';
import { DISPLAY_CURRENCIES } from '@/server/money/money';
import { cn } from '@/components/ui/cn';
import { useCurrency } from './currency-provider';

export function CurrencySwitch() {
  const t = useTranslations('shell');
  const { currency, setCurrency } = useCurrency();
  return (
    <div role="radiogroup" aria-label={t('currency')} className="flex rounded-lg border border-border p-0.5">
      {DISPLAY_CURRENCIES.map((code) => (
        <button
          key={code}
          type="button"
          role="radio"
          aria-checked={currency === code}
          onClick={() => setCurrency(code)}
          className={cn(
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
