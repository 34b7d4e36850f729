// Operator-maintained settings and the values a new database starts with.

import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import type { RefundTiers } from '@/shared/bookings/offer-terms';
import { SITE_CONTENT } from '@/shared/sites/site-content';
import { VARIANTS, type Variant } from '@/shared/sites/site-variants';

export type { RefundTiers };

export type Settings = {
  rubPerAed: number;
  refundTiers: RefundTiers;
  /** Percent kept from every refund (spec §9: 2–3%). */
  refundProcessingFeePercent: number;
  cardTopUpFeePercent: number;
  /** Russian domain (spec §9): card fee and tax on a card or SBP charge, and the fee on rouble totals. */
  rubCardFeePercent: number;
  rubTaxPercent: number;
  rubConversionFeePercent: number;
  /** The operator's account agencies pay bank deposits into (shown on the top-up page). */
  depositBankAccount: DepositBankAccount;
  /** Support phone and WhatsApp number shown on every host (international format, leading plus). */
  supportPhone: string;
  supportWhatsApp: string;
  /** Each host variant's own data, shown in its header and footer. */
  sites: Record<Variant, SiteSettings>;
};

export type LocalizedSiteText = { en: string; ru: string };

/** A host variant's data the operator maintains (the shell's constants are the defaults). */
export type SiteSettings = {
  /** A site-relative path (`/brand/…`) or an https URL of the header logo. */
  logo: string;
  about: LocalizedSiteText;
  email: string;
  address: LocalizedSiteText;
};

export type DepositBankAccount = { beneficiary: string; bank: string; iban: string; swift: string };

export const DEFAULT_SETTINGS: Settings = {
  rubPerAed: 24.5,
  refundTiers: { moreThan48h: 100, between24hAnd48h: 50, lessThan24h: 0 },
  refundProcessingFeePercent: 2.5,
  cardTopUpFeePercent: 2.5,
  rubCardFeePercent: 2,
  rubTaxPercent: 6,
  rubConversionFeePercent: 4,
  depositBankAccount: {
    beneficiary: 'Traveldesk Tourism L.L.C.',
    bank: 'Emirates NBD, Sheikh Zayed Road branch, Dubai',
    iban: 'AE070331234567890123456',
    swift: 'EBILAEAD',
  },
  supportPhone: SITE_CONTENT.main.phone,
  supportWhatsApp: SITE_CONTENT.main.whatsApp,
  sites: Object.fromEntries(VARIANTS.map((variant) => [variant, defaultSite(variant)])) as Record<Variant, SiteSettings>,
};

/** Until the operator saves them, a host shows the texts and contacts it was built with. */
function defaultSite(variant: Variant): SiteSettings {
  return {
    logo: SITE_CONTENT[variant].mainLogo,
    about: { en: en.sites[variant].about, ru: ru.sites[variant].about },
    email: SITE_CONTENT[variant].email,
    address: { en: en.sites[variant].address, ru: ru.sites[variant].address },
  };
}
