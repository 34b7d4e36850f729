// A widget booking reported to the agency's Google Ads account (spec §3 "conversion action id").
// Pure and client-safe: the booking result pages build the gtag commands here and an island
// queues them in `window.dataLayer`, where gtag.js reads them once it loads (and only if the
// deployment allows it to load: GOOGLE_TAG_URL). Never on portal pages.

/** A Google Ads conversion action as the agency copies it from Ads: `AW-<account>/<label>`. */
export const CONVERSION_ACTION_ID = /^AW-\d{6,15}\/[A-Za-z0-9_-]{1,64}$/;

export type AdsConversion = {
  /** The account's tag (`AW-123456789`), which gtag.js is loaded and configured with. */
  tagId: string;
  /** The conversion action (`AW-123456789/AbC_d-1`). */
  sendTo: string;
};

/** The conversion of a widget's id, or null when none is set (or it is not an Ads conversion action). */
export function adsConversionOf(conversionActionId: string | null | undefined): AdsConversion | null {
  const id = conversionActionId?.trim() ?? '';
  if (!CONVERSION_ACTION_ID.test(id)) return null;
  return { tagId: id.slice(0, id.indexOf('/')), sendTo: id };
}

/** What the guest paid: the amount in major units of its currency (all ours have two decimals). */
export type ConversionSale = { amountMinor: number; currency: string; reference: string };

export type GtagCommand = ['js', Date] | ['config', string] | ['event', 'conversion', { send_to: string; value: number; currency: string; transaction_id: string }];

/**
 * The gtag calls reporting one booking: gtag.js's start, the account's config, and the conversion
 * with its value and currency. The booking's reference is the transaction id, so Ads counts a
 * booking once however often its result page is opened.
 */
export function conversionCommands(conversion: AdsConversion, sale: ConversionSale, now: Date): GtagCommand[] {
  return [
    ['js', now],
    ['config', conversion.tagId],
    ['event', 'conversion', { send_to: conversion.sendTo, value: sale.amountMinor / 100, currency: sale.currency, transaction_id: sale.reference }],
  ];
}

/** gtag.js's address for a tag, when the deployment loads it; null otherwise (tests, the offline demo). */
export function gtagScriptUrl(base: string | null | undefined, tagId: string): string | null {
  const url = base?.trim();
  if (!url) return null;
  return `${url}${url.includes('?') ? '&' : '?'}id=${encodeURIComponent(tagId)}`;
}
