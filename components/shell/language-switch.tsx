'use client';

import { Globe } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useCurrency } from '@/components/currency/currency-provider';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { isLocale, LOCALE_COOKIE, LOCALES, type Locale, localizedPath, stripLocale } from '@/i18n/locales';
import { currencyForLocale } from '@/shared/money/money';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Switching language also resets the currency: USD for Russian, AED otherwise (spec §1). */
export function LanguageSwitch({ label, names }: { label: string; names: Record<Locale, string> }) {
  const locale = useRouteLocale();
  const pathname = usePathname();
  const router = useRouter();
  const { setCurrency } = useCurrency();
  const [, startTransition] = useTransition();

  function switchTo(next: Locale) {
    // The cookie keeps an explicit choice on hosts whose default language differs.
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    setCurrency(currencyForLocale(next));
    // Read at click time: useSearchParams would opt static pages out of prerendering.
    const target = `${localizedPath(next, stripLocale(pathname))}${window.location.search}`;
    startTransition(() => router.replace(target));
  }

  return (
    <label className="relative flex items-center">
      <span className="sr-only">{label}</span>
      <Globe aria-hidden className="pointer-events-none absolute left-2 size-4 text-muted-foreground" />
      <select
        value={locale}
        onChange={(event) => isLocale(event.target.value) && switchTo(event.target.value)}
        className="h-9 appearance-none rounded-lg border border-border bg-background pr-2 pl-7 text-sm focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
