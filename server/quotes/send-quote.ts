import 'server-only';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { formatDisplayDay, formatDubaiDateTime } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import en from '@/messages/quotes/en.json';
import ru from '@/messages/quotes/ru.json';
import { recentAuditRecord, recordAudit } from '@/server/audit/audit';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { offers, quotes, tours } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { agencyLinkOrigin, loadAgencyBrand } from '@/server/guest-handoff/agency-brand';
import { brandContacts, brandedMailHtml } from '@/server/mail/branded-mail';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { loadSettings } from '@/server/settings/settings';
import { memberCan } from '@/shared/auth/permissions';
import { formatMoney } from '@/shared/money/money';
import { quoteGuestCharge, type QuoteCurrency } from '@/shared/quotes/quote-pricing';
import { guestQuotePath } from './quote-origin';
import { guestQuoteToken } from './quote-token';
import { quoteStateNow } from './quote-view';

// The agent e-mails a quote to its guest (the quote list's "E-mail to guest"): one mail in the
// quote's language, from the agency (its name as the sender, its address for answers, its logo
// and contacts), with the price the guest pays in the quote's currency — the same function as the
// page and the charge — and the link, on the agency's own site when it has one. Only a quote the
// guest can still pay is sent. As for the voucher (server/guest-handoff/send-to-guest.ts), a
// second send within SEND_WINDOW_SECONDS sends nothing, and the quote row's lock orders two at once.

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** How long after a send the same quote is not mailed again (a double click, a retry). */
export const SEND_WINDOW_SECONDS = 60;

export type SentQuote = { sentTo: string; alreadySent: boolean };

export async function sendQuoteToGuest(
  db: Database,
  principal: Principal,
  quoteId: string,
  { mailer = getMailer(), now = new Date() }: { mailer?: Mailer; now?: Date } = {},
): Promise<SentQuote> {
  if (!memberCan(principal, 'rates:viewB2b')) throw new Forbidden();
  return db.transaction((tx) => sendInTransaction(tx, principal, quoteId, mailer, now));
}

async function sendInTransaction(tx: Transaction, principal: Principal, quoteId: string, mailer: Mailer, now: Date): Promise<SentQuote> {
  // Locked, so a concurrent send of the same quote waits here and then sees this one's record.
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, principal.agencyId)))
    .for('no key update');
  if (!quote) throw new NotFound();
  // What the list offers to send: a quote the guest can still pay (also after a declined card).
  const state = await quoteStateNow(tx, quote, now);
  if (state === 'withdrawn' || state === 'expired') throw new RuleViolation(`quotes.errors.${state}`);
  if (state !== 'open' && state !== 'failed') throw new RuleViolation('quotes.errors.alreadyPaid');

  const recent = await recentAuditRecord(tx, { entity: 'quote', entityId: quote.id, action: 'quote.sentToGuest', seconds: SEND_WINDOW_SECONDS });
  if (recent) return { sentTo: quote.guestEmail, alreadySent: true };

  const [trip] = await tx
    .select({ tourTitle: tours.title, offerName: offers.name })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(eq(offers.id, quote.offerId));
  if (!trip) throw new NotFound();
  const brand = await loadAgencyBrand(tx, quote.agencyId);
  const link = `${await agencyLinkOrigin(tx, quote.agencyId)}${guestQuotePath(quote.locale, guestQuoteToken(quote))}`;
  const charge = quoteGuestCharge(quote, quote.currency as QuoteCurrency, await loadSettings(tx));

  const locale = quote.locale;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'quotes.mail' });
  const tour = trip.tourTitle[locale];
  const date = formatDisplayDay(quote.tourDate, locale);
  const contacts = brandContacts(brand);
  const paragraphs = [
    t('greeting', { name: quote.guestName }),
    t('body', {
      company: brand.name,
      tour,
      offer: trip.offerName[locale],
      date,
      time: quote.startTime ? t('at', { time: quote.startTime }) : '',
      guests: t('guests', { adults: quote.adults, children: quote.children, infants: quote.infants }),
    }),
    t('price', { price: formatMoney(charge.totalMinor, charge.currency, locale) }),
    t('link', { link }),
    t('expires', { date: formatDubaiDateTime(quote.expiresAt, locale) }),
    ...(contacts ? [t('contacts', { contacts })] : []),
    t('signature', { company: brand.name }),
  ];
  await mailer.send(tx, {
    to: quote.guestEmail,
    subject: t('subject', { tour, date, company: brand.name }),
    text: paragraphs.join('\n\n'),
    html: brandedMailHtml({ brand, paragraphs, link }),
    kind: 'guestQuote',
    sender: { name: brand.name, replyTo: brand.email },
  });
  await recordAudit(tx, {
    agencyId: quote.agencyId,
    actorUserId: principal.userId,
    entity: 'quote',
    entityId: quote.id,
    action: 'quote.sentToGuest',
    changes: { recipient: { from: null, to: quote.guestEmail } },
  });
  return { sentTo: quote.guestEmail, alreadySent: false };
}
