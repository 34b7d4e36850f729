// Host data and contact info per variant (spec §2 "Shell"). Localized text (about, address)
// lives in messages under `sites.<variant>`.
import type { Variant } from './site-variants';

export type SiteContent = {
  mainLogo: string;
  /** The main logo's width in px at its 36 px height (the SVG's own width: a wider name needs more). */
  mainLogoWidth: number;
  /** The logo's square mark, for phone widths. */
  logoMark: string;
  legalName: string;
  vatNumber: string;
  tradeLicenceNumber: string;
  email: string;
  /** International format with the leading plus, e.g. `+971 4 123 4567`. */
  phone: string;
  whatsApp: string;
  /** Telegram contact (a t.me link); the second variant has none. */
  telegram: string | null;
};

const TRAVELDESK = {
  legalName: 'Traveldesk Tourism L.L.C.',
  vatNumber: '100123456700003',
  tradeLicenceNumber: '1234567',
  phone: '+971 4 123 4567',
  whatsApp: '+971 50 123 4567',
};

export const SITE_CONTENT: Record<Variant, SiteContent> = {
  main: {
    ...TRAVELDESK,
    mainLogo: '/brand/traveldesk-logo.svg',
    mainLogoWidth: 176,
    logoMark: '/brand/traveldesk-mark.svg',
    email: 'b2b@traveldesk.test',
    telegram: 'https://t.me/traveldesk_b2b',
  },
  second: {
    ...TRAVELDESK,
    mainLogo: '/brand/partner-logo.svg',
    mainLogoWidth: 216,
    logoMark: '/brand/partner-mark.svg',
    email: 'partners@traveldesk.test',
    telegram: null,
  },
  russian: {
    ...TRAVELDESK,
    mainLogo: '/brand/traveldesk-logo.svg',
    mainLogoWidth: 176,
    logoMark: '/brand/traveldesk-mark.svg',
    email: 'ru@traveldesk.test',
    telegram: 'https://t.me/traveldesk_ru',
  },
};

/** The operator as seller on invoices and vouchers (its address text is in messages `sites.main`). */
export const OPERATOR = { ...TRAVELDESK, email: 'b2b@traveldesk.test' };

/** The support phone the error screen offers (spec §8). */
export const SUPPORT_PHONE = TRAVELDESK.phone;

/** `wa.me` wants the number as digits only: no leading plus, no spaces (spec §2). */
export function whatsAppLink(number: string): string {
  return `https://wa.me/${number.replace(/^\+/, '').replace(/\D/g, '')}`;
}

export function telLink(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
