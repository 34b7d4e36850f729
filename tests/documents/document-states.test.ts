import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { GET as getDocument } from '@/app/api/v1/b2b/bookings/[id]/documents/[document]/route';
import type { Principal } from '@/server/auth/principal';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import type { RefundQuote } from '@/server/bookings/refund-rules';
import { bookings, offers } from '@/server/db/schema';
import { DocumentNotOffered, renderBookingDocument } from '@/server/documents/document-downloads';
import { formatMoney } from '@/shared/money/money';
import { addDays, checkoutInput, DESERT_ROSE, findOffer, ledgerOf, prepareSlot, principalFor } from '../support/booking-fixtures';
import { agentRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// Documents follow the booking's state, on a real database: a booking's documents follow its state, from the download
// route down, and a cancellation's credit note says what the ledger did.

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const today = '2026-11-21';
let senior: Principal;
let junior: Principal;
let completed: string;
let cancelled: { reference: string; quote: RefundQuote };
let request: string;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  serveRoutesFrom(database);
  [senior, junior] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'junior@desertrose.test')]);
  const offer = await findOffer(db, 'shared');
  await db.update(offers).set({ cancellationPolicy: { kind: 'standard' } }).where(eq(offers.id, offer.id));
  const date = addDays(today, 10);
  const slot = await prepareSlot(db, offer.id, date, { left: 20 });
  const book = async (principal: Principal, paymentMethod: 'balance' | 'cash') =>
    (await createBooking(db, principal, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, paymentMethod, promoCode: 'WELCOME10' }), { locale: 'en', now }))
      .reference;
  completed = await book(junior, 'cash');
  const toCancel = await book(senior, 'balance');
  cancelled = { reference: toCancel, quote: await cancelBooking(db, senior, toCancel, now) };
  const onRequest = await findOffer(db, 'request');
  request = (
    await createBooking(db, junior, checkoutInput({ offerId: onRequest.id, date, adults: Math.max(1, onRequest.minPeople), paymentMethod: 'request' }), { locale: 'en', now })
  ).reference;
});
afterAll(() => database.dispose());

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // pdfkit may wrap a line after the hyphen of a reference ("CN-TD-" / "UEMTZG9").
    return (await parser.getText()).text.replace(/-\s+/g, '-').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const money = (minor: number) => formatMoney(minor, 'AED', 'en').replace(/\s+/g, ' ');

async function download(principal: Principal, reference: string, document: string) {
  session.principal = principal;
  return getDocument(agentRequest(`/api/v1/b2b/bookings/${reference}/documents/${document}`), segment({ id: reference, document }));
}

describe('a completed booking', () => {
  it('downloads voucher, tickets and invoice, and neither a credit note nor a request summary', async () => {
    for (const kind of ['voucher', 'tickets', 'invoice'] as const) {
      const response = await download(senior, completed, kind);
      expect(response.status, kind).toBe(200);
      expect(response.headers.get('content-type'), kind).toBe('application/pdf');
    }
    const creditNote = await download(senior, completed, 'credit-note');
    expect(creditNote.status).toBe(409);
    expect(await creditNote.json()).toEqual({ message: 'A credit note is issued only when a booking is cancelled.' });
    expect((await download(senior, completed, 'request-summary')).status).toBe(409);
  });

  it('tells the guest it is confirmed and names the promo code, but not the discount', async () => {
    const text = await pdfText((await renderBookingDocument(database.db, junior, completed, 'voucher')).pdf);
    expect(text).toContain('Confirmed');
    expect(text).toContain('Promo code WELCOME10');
    expect(text).toContain('Cancellation policy');
  });
});

describe('a cancelled booking', () => {
  it('withdraws the tickets with a 409 that says why', async () => {
    await expect(renderBookingDocument(database.db, senior, cancelled.reference, 'tickets')).rejects.toBeInstanceOf(DocumentNotOffered);
    const response = await download(senior, cancelled.reference, 'tickets');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'The booking was cancelled, so its tickets are withdrawn and cannot be downloaded.' });
  });

  it('stamps the voucher CANCELLED and refers the invoice to its credit note', async () => {
    const voucher = await pdfText((await renderBookingDocument(database.db, senior, cancelled.reference, 'voucher')).pdf);
    expect(voucher).toContain('CANCELLED');
    expect(voucher).toContain('Cancelled on 21 Nov, 26');
    const invoice = await pdfText((await renderBookingDocument(database.db, senior, cancelled.reference, 'invoice')).pdf);
    expect(invoice).toContain(`credit note CN-${cancelled.reference}`);
  });

  it('issues a credit note with the figures the ledger posted, adding up to what was paid', async () => {
    const { quote } = cancelled;
    expect(quote.feeMinor).toBeGreaterThan(0);
    const [row] = await database.db.select({ id: bookings.id, paidMinor: bookings.paidMinor }).from(bookings).where(eq(bookings.reference, cancelled.reference));
    const lines = (await ledgerOf(database.db, DESERT_ROSE)).filter((entry) => entry.bookingId === row!.id);
    const refund = lines.find((entry) => entry.kind === 'refund')!;
    const fee = lines.find((entry) => entry.kind === 'cancellation_fee')!;
    expect(refund.creditMinor - fee.debitMinor).toBe(quote.refundMinor);

    const response = await download(senior, cancelled.reference, 'credit-note');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`CN-${cancelled.reference}.pdf`);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`CN-${cancelled.reference}`);
    expect(text).toContain(`Paid from balance ${money(row!.paidMinor)}`);
    expect(text).toContain(`Refund under the policy (100%) ${money(refund.creditMinor)}`);
    expect(text).toContain(`Processing fee kept ${money(-fee.debitMinor)}`);
    expect(text).toContain(`Refunded to the balance ${money(quote.refundMinor)}`);
    expect(text).toContain(`Not refunded under the policy ${money(row!.paidMinor - refund.creditMinor)}`);
  });

  it('keeps the credit note (NET) from a junior agent', async () => {
    expect((await download(junior, cancelled.reference, 'credit-note')).status).toBe(403);
  });
});

describe('a quotation request', () => {
  it('offers only the request summary and refuses the voucher, tickets and invoice with a 409', async () => {
    for (const kind of ['voucher', 'tickets']) {
      const response = await download(junior, request, kind);
      expect(response.status, kind).toBe(409);
      expect(await response.json()).toEqual({ message: 'The booking is not confirmed yet: only its request summary can be downloaded.' });
    }
    expect((await download(senior, request, 'invoice')).status).toBe(409);
    const summary = await download(junior, request, 'request-summary');
    expect(summary.status).toBe(200);
    const text = await pdfText(Buffer.from(await summary.arrayBuffer()));
    expect(text).toContain('Not a confirmation and not valid for travel.');
    expect(text).toContain('NOT CONFIRMED');
    expect(text).not.toContain('NET');
  });
});
