import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, quotes } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { OutboxMailer } from '@/server/mail/mailer';
import { createQuote, withdrawQuote } from '@/server/quotes/create-quote';
import { loadGuestQuote } from '@/server/quotes/quote-view';
import { sendQuoteToGuest } from '@/server/quotes/send-quote';
import { formatMoney } from '@/shared/money/money';
import { quoteSchema } from '@/shared/quotes/quote-schema';
import { addDays, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// "E-mail to guest" on the quote list (docs/guest-quotes.md): one mail in the quote's language,
// from the agency, with the price the page charges and the link; once however often it is clicked
// (also concurrently, on PostgreSQL); only while the guest can still pay; never another agency's.

let database: TestDatabase;
const mailer = new OutboxMailer();
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 8, demoData: { today: new Date() } });
});
afterAll(() => database.dispose());

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');

async function newQuote(locale: 'en' | 'ru', currency: 'AED' | 'RUB', guestEmail: string) {
  const offer = await findOffer(database.db, 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 20 + Math.floor(Math.random() * 300));
  const slot = await prepareSlot(database.db, offer.id, date, { left: 10 });
  const input = quoteSchema.parse({ offerId: offer.id, date, time: slot.startTime, adults: 2, guestName: 'Anna Petrova', guestPhone: '+971 50 123 4567', guestEmail, locale, currency, markupKind: 'percent', markupValue: 20 });
  return createQuote(database.db, await senior(), input);
}

const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'guestQuote')));

describe('e-mailing a quote to its guest', () => {
  it('sends one mail in the quote language with the price the page charges and the link, from the agency', async () => {
    const email = `quote-ru-${Date.now()}@example.test`;
    const { id, token } = await newQuote('ru', 'RUB', email);
    const sent = await sendQuoteToGuest(database.db, await senior(), id, { mailer });
    expect(sent).toEqual({ sentTo: email, alreadySent: false });

    const [mail] = await mailsTo(email);
    const page = await loadGuestQuote(database.db, token);
    expect(mail!.subject).toContain('Ваше предложение от Gulf Horizons Tours');
    expect(mail!.textBody).toContain(formatMoney(page!.charge.totalMinor, 'RUB', 'ru'));
    expect(mail!.textBody).toContain(`/ru/quote/${token}`);
    expect(mail!.htmlBody).toContain(`<a href="`);
    // The agency's brand, never the NET or the margin.
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
    expect(mail!.textBody).not.toContain(formatMoney(row!.netTotalMinor, 'AED', 'ru'));
    expect(mail!.textBody).toContain('Gulf Horizons Tours');
  });

  it('mails once however often it is clicked, also at once', async () => {
    const email = `quote-twice-${Date.now()}@example.test`;
    const { id } = await newQuote('en', 'AED', email);
    const agent = await senior();
    const answers = await Promise.all(Array.from({ length: 4 }, () => sendQuoteToGuest(database.db, agent, id, { mailer })));
    expect(answers.filter((answer) => !answer.alreadySent)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await database.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, 'quote.sentToGuest')))).toBe(1);
  });

  it('refuses a withdrawn or expired quote, another agency, and a junior, sending nothing', async () => {
    const email = `quote-refused-${Date.now()}@example.test`;
    const withdrawn = await newQuote('en', 'AED', email);
    await withdrawQuote(database.db, await senior(), withdrawn.id);
    await expect(sendQuoteToGuest(database.db, await senior(), withdrawn.id, { mailer })).rejects.toMatchObject({ code: 'quotes.errors.withdrawn' });

    const open = await newQuote('en', 'AED', email);
    const later = new Date(Date.now() + 400 * 86_400_000);
    await expect(sendQuoteToGuest(database.db, await senior(), open.id, { mailer, now: later })).rejects.toMatchObject({ code: 'quotes.errors.expired' });
    await expect(sendQuoteToGuest(database.db, await principalFor(database.db, 'senior@desertrose.test'), open.id, { mailer })).rejects.toBeInstanceOf(NotFound);
    await expect(sendQuoteToGuest(database.db, await principalFor(database.db, 'junior@gulfhorizons.test'), open.id, { mailer })).rejects.toBeInstanceOf(Forbidden);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
