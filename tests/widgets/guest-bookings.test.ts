import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { listCommissions } from '@/server/commissions/queries';
import { bookings, mailOutbox, payments, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { NotFound } from '@/server/errors';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { discountedPrice } from '@/shared/widgets/widget-pricing';
import { aedInput, emptyWidgetValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { placeBooking } from '@/server/checkout/place-booking';
import { loadGuestPaymentStep, startGuestPayment } from '@/server/widgets/guest-bookings/book-as-guest';
import { renderGuestDocument } from '@/server/widgets/guest-bookings/guest-booking-view';
import { guestBookingToken } from '@/server/widgets/guest-bookings/guest-link';
import { guestHoldMinutes, holdMinutes } from '@/server/payments/holds';
import { GUEST_MAX_GUESTS, guestCheckoutSchema } from '@/shared/widgets/guest-checkout-schema';
import { createWidget } from '@/server/widgets/manage-widgets';
import { findOffer, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookAndGoToPayment, bookingIdOf, guestCheckoutInput, someClient } from './guest-fixtures';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';

// A guest books on a widget's site at the sale price and pays by card; the booking is
// the agency's (NET to the operator, the margin to the agency), in its commissions, and mailed.

let database: TestDatabase;
let admin: Principal;
let offer: Awaited<ReturnType<typeof findOffer>>;
const HOST = 'tours.desertrose.test';
const SITE = { channel: { host: HOST }, origin: `https://${HOST}` };
const OTHER = { host: 'other.example.test' };
const GUEST = { ...SITE, client: '203.0.113.9' };
/** Twice the offer's cost: well above the 5% minimum, after any discount the tests apply. */
let SALE_ADULT = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date() });
  await seedAgencies(database.db);
  setUpPayments(database.db);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  offer = await findOffer(database.db, 'shared');
  SALE_ADULT = 2 * offer.pricePerAdult!;
  const input = widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    name: 'Dunes',
    domain: HOST,
    discountPercent: '10',
    contacts: { ...emptyWidgetValues('en').contacts, company: 'Desert Rose Travel' },
    offers: [{ offerId: offer.id, saleAdult: aedInput(SALE_ADULT), saleChild: offer.pricePerChild === null ? '' : aedInput(SALE_ADULT), saleTrip: '' }],
  });
  const { id } = await createWidget(database.db, admin, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

const guestCheckout = (overrides: Record<string, unknown> = {}) => guestCheckoutInput(database.db, offer.id, overrides);

describe('guest bookings through a widget', () => {
  it('books at the sale price after the discount, charges the guest that, and credits the agency with the margin once paid', async () => {
    const started = await bookAndGoToPayment(database.db, SITE, await guestCheckout());
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.reference, started.reference));
    const guestTotal = 2 * discountedPrice(SALE_ADULT, 10);
    expect(booking).toMatchObject({ agencyId: admin.agencyId, status: 'payment_required', paymentMethod: 'card', publishedTotalMinor: guestTotal, netTotalMinor: 2 * offer.pricePerAdult! });
    expect(booking!.widgetId).not.toBeNull();
    const paid = await payWithSandboxCard(database.db, started.chargeId, '4242424242424242');
    expect(paid.returnUrl).toBe(`https://${HOST}/booking/${started.paymentId}`);

    const shown = await returnToWidgetSite(database.db, { host: HOST }, started.paymentId);
    expect(shown).toMatchObject({ reference: started.reference, bookingStatus: 'completed', paymentStatus: 'succeeded', amountMinor: guestTotal, currency: 'AED', adults: 2 });

    const commissions = await listCommissions(database.db, admin, { page: 1, onPage: 50 });
    expect(commissions.rows.find((row) => row.reference === started.reference)).toMatchObject({ totalSalesMinor: guestTotal, agencyReceivableMinor: guestTotal - 2 * offer.pricePerAdult! });

    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'widgetBooking.guest'));
    const guestMail = mails.find((mail) => mail.subject.includes(started.reference));
    expect(guestMail?.recipient).toBe('maria@example.test');
    expect(guestMail?.textBody).toContain(`https://${HOST}/my-booking/${guestBookingToken(started.reference)}`);
    expect(guestMail?.textBody).not.toContain(started.paymentId);
    const [agencyMail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'widgetBooking.agency'), eq(mailOutbox.recipient, 'admin@desertrose.test')));
    expect(agencyMail?.subject).toContain(started.reference);

    const voucher = await renderGuestDocument(database.db, guestBookingToken(started.reference), { host: HOST }, 'voucher');
    expect(voucher.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers only on the widget\'s own host, and refuses an offer the widget does not sell', async () => {
    const started = await bookAndGoToPayment(database.db, SITE, await guestCheckout());
    expect(await returnToWidgetSite(database.db, OTHER, started.paymentId)).toBeNull();
    await expect(renderGuestDocument(database.db, guestBookingToken(started.reference), OTHER, 'voucher')).rejects.toBeInstanceOf(NotFound);
    await expect(startGuestPayment(database.db, { channel: OTHER, origin: 'https://other.example.test' }, started.bookingId)).rejects.toBeInstanceOf(NotFound);
    await expect(placeBooking(database.db, { guest: { channel: OTHER, origin: 'https://other.example.test', client: someClient() } }, await guestCheckout())).rejects.toBeInstanceOf(NotFound);
    const other = await findOffer(database.db, 'per_type');
    await expect(placeBooking(database.db, { guest: GUEST }, await guestCheckout({ offerId: other.id }))).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses other payment methods and promo codes before booking anything', async () => {
    const before = await database.db.$count(bookings);
    await expect(placeBooking(database.db, { guest: GUEST }, await guestCheckout({ paymentMethod: 'balance' }))).rejects.toMatchObject({ code: 'paymentErrors.methodUnavailable' });
    await expect(placeBooking(database.db, { guest: GUEST }, await guestCheckout({ promoCode: 'WELCOME10' }))).rejects.toMatchObject({ code: 'checkout.offerUnavailable' });
    expect(await database.db.$count(bookings)).toBe(before);
  });
});

describe('the guest checkout holds briefly, and the payment starts only when the payer goes on', () => {
  it('books with a short hold and no charge; the payment step extends the hold and creates one charge; a replay books and charges nothing more', async () => {
    const input = await guestCheckout();
    const checkout = await placeBooking(database.db, { guest: GUEST }, input);
    const bookingId = bookingIdOf(checkout.nextUrl);
    expect(checkout.nextUrl).toBe(`https://${HOST}/payment/${bookingId}`);
    const [booked] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booked).toMatchObject({ status: 'payment_required', holdsStock: true });
    expect(booked!.holdExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + guestHoldMinutes() * 60_000);
    expect(booked!.holdExpiresAt!.getTime()).toBeLessThan(Date.now() + holdMinutes() * 60_000 - 60_000);
    expect(await database.db.$count(payments, eq(payments.bookingId, bookingId))).toBe(0);

    const step = await loadGuestPaymentStep(database.db, SITE.channel, bookingId);
    expect(step).toMatchObject({ payable: true, resultPath: null, adults: 2, guestName: 'Maria Lopez', heldUntil: booked!.holdExpiresAt });
    expect(await loadGuestPaymentStep(database.db, OTHER, bookingId)).toBeNull();

    const paymentUrl = await startGuestPayment(database.db, SITE, bookingId);
    expect(paymentUrl).toMatch(new RegExp(`^https://${HOST}/pay/sandbox/`));
    const [extended] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(extended!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + (holdMinutes() - 1) * 60_000);

    // The checkout sent again, and the step taken again: the same booking, page and charge.
    expect(await placeBooking(database.db, { guest: GUEST }, input)).toEqual({ ...checkout, replayed: true });
    expect(await startGuestPayment(database.db, SITE, bookingId)).toBe(paymentUrl);
    expect(await database.db.$count(payments, eq(payments.bookingId, bookingId))).toBe(1);

    // Paid, both answer its result page.
    const [payment] = await database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    await payWithSandboxCard(database.db, paymentUrl.split('/').pop()!, '4242424242424242');
    await returnToWidgetSite(database.db, SITE.channel, payment!.id);
    expect((await placeBooking(database.db, { guest: GUEST }, input)).nextUrl).toBe(`https://${HOST}/booking/${payment!.id}`);
    expect(await startGuestPayment(database.db, SITE, bookingId)).toBe(`https://${HOST}/booking/${payment!.id}`);
    expect(await loadGuestPaymentStep(database.db, SITE.channel, bookingId)).toMatchObject({ payable: false, resultPath: `/booking/${payment!.id}` });
  });

  it(`caps an unpaid guest booking at ${GUEST_MAX_GUESTS} guests, in the form's schema and in the booking`, async () => {
    const input = await guestCheckout({ adults: GUEST_MAX_GUESTS - 1, children: 1, infants: 1 });
    const parsed = guestCheckoutSchema.safeParse({ ...input, guestEmailConfirm: input.guestEmail });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['adults'], message: 'widgetBookings.limits.groupTooLarge' })]);
    expect(guestCheckoutSchema.safeParse({ ...input, infants: 0 }).success).toBe(true);
    const before = await database.db.$count(bookings);
    await expect(placeBooking(database.db, { guest: GUEST }, input)).rejects.toMatchObject({ code: 'widgetBookings.limits.groupTooLarge', field: 'adults' });
    expect(await database.db.$count(bookings)).toBe(before);
  });
});

