// The agent's "new quote" form, shared by the form (client-side checks) and its action. Pure.
// Error messages are message keys (`checkout.errors` for the booking's own fields, `quotes.errors`).
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { bookingSelectionSchema, NAME_PATTERN } from '@/shared/bookings/checkout-schema';
import { text } from '@/shared/text';
import { MAX_MARKUP_PERCENT, QUOTE_CURRENCIES, QUOTE_DEFAULT_VALID_DAYS, QUOTE_MARKUP_KINDS, QUOTE_MAX_VALID_DAYS } from './quote-pricing';

/** The largest markup amount accepted, in AED: beyond the ceiling of any quote (the NET again). */
const MAX_MARKUP_AMOUNT_AED = 1_000_000;

export const quoteSchema = bookingSelectionSchema
  .extend({
    guestName: text().min(1, { error: 'checkout.errors.required' }).max(100, { error: 'checkout.errors.tooLong' }).regex(NAME_PATTERN, { error: 'checkout.errors.nameLetters' }),
    guestPhone: text()
      .min(1, { error: 'checkout.errors.required' })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: 'checkout.errors.phone' }),
    guestEmail: text().min(1, { error: 'checkout.errors.required' }).pipe(z.email({ error: 'checkout.errors.email' })),
    locale: z.enum(LOCALES, { error: 'quotes.errors.locale' }),
    currency: z.enum(QUOTE_CURRENCIES, { error: 'quotes.errors.currency' }),
    markupKind: z.enum(QUOTE_MARKUP_KINDS, { error: 'quotes.errors.markupKind' }),
    /** A whole percent, or an amount in AED with at most two decimals. */
    markupValue: z.coerce
      .number({ error: 'quotes.errors.markupValue' })
      .min(0, { error: 'quotes.errors.markupValue' })
      .max(MAX_MARKUP_AMOUNT_AED, { error: 'quotes.errors.aboveMaximum' })
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1000) / 1000), { error: 'quotes.errors.markupValue' }),
    validDays: z.coerce
      .number({ error: 'quotes.errors.validDays' })
      .int({ error: 'quotes.errors.validDays' })
      .min(1, { error: 'quotes.errors.validDays' })
      .max(QUOTE_MAX_VALID_DAYS, { error: 'quotes.errors.validDays' })
      .default(QUOTE_DEFAULT_VALID_DAYS),
  })
  .refine((input) => input.markupKind === 'amount' || (Number.isInteger(input.markupValue) && input.markupValue <= MAX_MARKUP_PERCENT), {
    error: 'quotes.errors.percentRange',
    path: ['markupValue'],
  })
  .refine((input) => input.adults + input.children + input.infants > 0, { error: 'checkout.errors.noGuests', path: ['adults'] });

export type QuoteInput = z.infer<typeof quoteSchema>;
export type QuoteField = keyof z.input<typeof quoteSchema>;

/** The markup as stored: a whole percent, or AED fils. */
export function storedMarkup(input: Pick<QuoteInput, 'markupKind' | 'markupValue'>): { kind: QuoteInput['markupKind']; value: number } {
  return { kind: input.markupKind, value: input.markupKind === 'percent' ? input.markupValue : Math.round(input.markupValue * 100) };
}

/** The fields a failed new-quote form shows again as typed. */
export const QUOTE_FORM_FIELDS = ['offerId', 'date', 'time', 'adults', 'children', 'infants', 'guestName', 'guestPhone', 'guestEmail', 'locale', 'currency', 'markupKind', 'markupValue', 'validDays'] as const satisfies readonly QuoteField[];
