import 'server-only';
import type { Locale } from '@/i18n/locales';
import { linkOrigin } from '@/server/http/link-origin';
import { variantOfRequest } from '@/server/hosts/request-host';
import { type Currency, isCurrency } from '@/shared/money/money';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';
import type { Variant } from '@/shared/sites/site-variants';

export type PaymentPlace = { variant: Variant; displayCurrency: Currency; origin: string; locale: Locale };

/**
 * Where an API request pays from: its host's variant (the Russian domain charges roubles), the
 * currency it shows (`currency` cookie, else the variant's), and the origin the provider returns to.
 */
export function paymentPlaceOf(request: Request, locale: Locale): PaymentPlace {
  const variant = variantOfRequest(request);
  const cookie = /(?:^|;\s*)currency=([A-Z]{3})/.exec(request.headers.get('cookie') ?? '')?.[1];
  return {
    variant,
    displayCurrency: isCurrency(cookie) ? cookie : VARIANT_FEATURES[variant].defaultCurrency,
    origin: linkOrigin(request.headers),
    locale,
  };
}

