import { PDFParse } from 'pdf-parse';
import appEn from '@/messages/en.json';
import appRu from '@/messages/ru.json';
import documentsEn from '@/messages/documents/en.json';
import documentsRu from '@/messages/documents/ru.json';
import type { BookingDocument } from '@/server/documents/booking-document';
import { creditNoteFigures, renderCreditNotePdf } from '@/server/documents/credit-note-pdf';
import { documentRefusal, documentsFor, documentsOfState } from '@/server/documents/document-kinds';
import { includedVat, renderInvoicePdf } from '@/server/documents/invoice-pdf';
import { renderRequestSummaryPdf } from '@/server/documents/request-summary-pdf';
import { chargeLinesOf } from '@/server/documents/payment-parts';
import { guestTickets, renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { formatMoney } from '@/shared/money/money';

const SELLER: BookingDocument['seller'] = {
  legalName: 'Traveldesk Tourism L.L.C.',
  address: 'Office 1204, Bay Square 7, Business Bay, Dubai, UAE',
  vatNumber: '100123456700003',
  licenceNumber: '1234567',
  phone: '+971 4 123 4567',
  email: 'b2b@traveldesk.test',
};

const ENGLISH: BookingDocument = {
  reference: 'TD-7K3M9Q',
  locale: 'en',
  status: 'completed',
  paymentMethod: 'cash',
  requestReason: null,
  createdAt: new Date('2026-03-14T21:30:00Z'),
  tourDate: '2026-03-20',
  startTime: '15:30',
  tourTitle: 'Desert Safari with BBQ Dinner',
  offerName: 'Shared transfer',
  cityName: 'Dubai',
  durationMinutes: 390,
  adults: 2,
  children: 1,
  infants: 0,
  guest: { name: 'Margaret Holloway', phone: '+44 7700 900123', email: 'margaret@example.test' },
  pickUp: { hotelName: 'Atlantis The Palm', room: '1412', time: '15:00' },
  notes: 'Vegetarian dinner for one guest.',
  promoCode: 'SPRING10',
  cancellationPolicy: { kind: 'tiers', tiers: { moreThan48h: 100, between24hAnd48h: 100, lessThan24h: 0 } },
  processingFeePercent: 2.5,
  cancellation: null,
  seesNet: true,
  agency: { name: 'Desert Rose Travel', address: 'Al Wasl Road 12, Dubai', trn: '100987654300003' },
  agentName: 'Sara Khan',
  currency: 'AED',
  publishedTotalMinor: 75_000,
  netTotalMinor: 58_500,
  discountMinor: 1_500,
  paidMinor: 0,
  collectionMinor: 75_000,
  payment: null,
  providerRefunds: [],
  netLines: [
    { description: 'Adult', quantity: 2, unitMinor: 22_000, totalMinor: 44_000 },
    { description: 'Child', quantity: 1, unitMinor: 16_000, totalMinor: 16_000 },
  ],
  seller: SELLER,
};

const RUSSIAN: BookingDocument = {
  ...ENGLISH,
  reference: 'TD-R5W2LP',
  locale: 'ru',
  status: 'completed',
  paymentMethod: 'balance',
  promoCode: null,
  cancellationPolicy: { kind: 'nonRefundable' },
  adults: 1,
  children: 0,
  infants: 1,
  guest: { name: 'Анна Сергеевна Воронцова', phone: '+7 900 123-45-67', email: 'anna@example.test' },
  tourTitle: 'Сафари в пустыне с ужином',
  offerName: 'Групповой трансфер',
  cityName: 'Дубай',
  pickUp: { hotelName: null, room: null, time: null },
  notes: null,
  agency: { name: 'Туристическое агентство «Восток»', address: null, trn: null },
  netTotalMinor: 123_456,
  discountMinor: 0,
  paidMinor: 100_000,
  collectionMinor: 0,
  netLines: [
    { description: 'Взрослый', quantity: 1, unitMinor: 123_456, totalMinor: 123_456 },
    { description: 'Младенец', quantity: 1, unitMinor: 0, totalMinor: 0 },
  ],
};

type ParsedPdf = { text: string; pages: string[]; imagesPerPage: number[] };

async function parsePdf(pdf: Buffer): Promise<ParsedPdf> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0, imageBuffer: false, imageDataUrl: false });
    return {
      text: text.text,
      pages: text.pages.map((page) => page.text),
      imagesPerPage: images.pages.map((page) => page.images.length),
    };
  } finally {
    await parser.destroy();
  }
}

/** Line breaks of wrapped text and the no-break spaces of formatted money all become one space. */
function normalized(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe.each([
  ['English', ENGLISH],
  ['Russian', RUSSIAN],
])('%s booking documents', (_language, doc) => {
  it('renders the voucher with the reference, the guest and no NET price', async () => {
    const pdf = await renderVoucherPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await parsePdf(pdf);
    expect(text).toContain(doc.reference);
    expect(text).toContain(doc.guest.name);
    expect(text).toContain(doc.tourTitle);
    expect(normalized(text)).not.toContain(normalized(formatMoney(doc.netTotalMinor, 'AED', doc.locale)));
  });

  it('renders one ticket page per guest, each with the reference, the guest and a QR code', async () => {
    const pdf = await renderTicketsPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, imagesPerPage } = await parsePdf(pdf);
    expect(pages).toHaveLength(doc.adults + doc.children + doc.infants);
    for (const page of pages) {
      expect(page).toContain(doc.reference);
      expect(page).toContain(doc.guest.name);
    }
    expect(imagesPerPage).toEqual(pages.map(() => 1));
  });

  it('renders the tax invoice with the total, the VAT included and the balance due', async () => {
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = normalized((await parsePdf(pdf)).text);
    const money = (minor: number) => normalized(formatMoney(minor, 'AED', doc.locale));
    expect(text).toContain(doc.reference);
    expect(text).toContain(doc.guest.name);
    expect(text).toContain(doc.agency.name);
    expect(text).toContain(SELLER.vatNumber);
    expect(text).toContain(money(doc.netTotalMinor));
    expect(text).toContain(money(includedVat(doc.netTotalMinor)));
    expect(text).toContain(money(doc.netTotalMinor - doc.paidMinor));
  });
});

describe('booking documents in the booking’s language', () => {
  it('writes the English voucher in English, with the cash to collect and the dates as dd MMM, yy', async () => {
    const { text } = await parsePdf(await renderVoucherPdf(ENGLISH));
    expect(text).toContain('Voucher');
    // The guest reads "Confirmed", not the agents' "Completed", on a booking still to come.
    expect(text).toContain('Confirmed');
    expect(text).not.toContain('Completed');
    expect(text).toContain('Cash on tour');
    expect(text).toContain('20 Mar, 26');
    expect(text).toContain('6 h 30 min');
    expect(normalized(text)).toContain(normalized(formatMoney(ENGLISH.collectionMinor, 'AED', 'en')));
  });

  it('writes the Russian documents in Russian', async () => {
    const voucher = normalized((await parsePdf(await renderVoucherPdf(RUSSIAN))).text);
    expect(voucher).toContain('Ваучер');
    expect(voucher).toContain('Подтверждено');
    expect(voucher).toContain('20 мар., 26');
    expect(voucher).toContain('1 взрослый, 0 детей, 1 младенец');
    const invoice = normalized((await parsePdf(await renderInvoicePdf(RUSSIAN))).text);
    expect(invoice).toContain('Налоговый счёт-фактура');
    expect(invoice).toContain('15 мар., 26');
  });

  it('labels the tickets by type and number', async () => {
    const { pages } = await parsePdf(await renderTicketsPdf(ENGLISH));
    expect(pages[0]).toContain('Adult 1 of 2');
    expect(pages[1]).toContain('Adult 2 of 2');
    expect(pages[2]).toContain('Child 1 of 1');
  });
});

describe('long documents', () => {
  it('flows a long voucher onto further pages, each with the operator’s footer', async () => {
    const notes = Array.from({ length: 60 }, (_, line) => `Note line ${line + 1}: the guest asks for a child seat.`).join('\n');
    const { pages } = await parsePdf(await renderVoucherPdf({ ...ENGLISH, notes }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(SELLER.legalName);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });
});

describe('document texts', () => {
  type Tree = { [key: string]: string | Tree };
  const strings = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`)));

  it('has every English text in Russian, translated', () => {
    const english = new Map(strings(documentsEn));
    const russian = strings(documentsRu);
    expect(russian.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of russian) expect(value, key).not.toBe(english.get(key));
  });
});

describe('guestTickets', () => {
  it('lists adults, then children, then infants', () => {
    expect(guestTickets({ adults: 1, children: 2, infants: 1 })).toEqual([
      { type: 'adult', index: 1, count: 1 },
      { type: 'child', index: 1, count: 2 },
      { type: 'child', index: 2, count: 2 },
      { type: 'infant', index: 1, count: 1 },
    ]);
  });
});

describe('includedVat', () => {
  it('is the 5% VAT contained in a VAT-inclusive total, to the nearest fils', () => {
    expect(includedVat(10_500)).toBe(500);
    expect(includedVat(58_500)).toBe(2_786);
    expect(includedVat(0)).toBe(0);
  });
});

// What a booking's state offers, and what each document then says.

const CANCELLED: BookingDocument = {
  ...ENGLISH,
  status: 'cancelled',
  paymentMethod: 'balance',
  paidMinor: 58_500,
  collectionMinor: 0,
  // Cancelled 30 h before the start: the 24–48 h tier of 100/100/0 refunds 100%, less 2.5%.
  cancellation: { cancelledAt: new Date('2026-03-19T05:30:00Z'), percent: 100, refundMinor: 57_038, feeMinor: 1_462 },
};

const REQUEST: BookingDocument = {
  ...ENGLISH,
  status: 'quotation_request',
  paymentMethod: 'request',
  requestReason: 'noLiveAvailability',
  paidMinor: 0,
  collectionMinor: 0,
  pickUp: { hotelName: 'Atlantis The Palm', room: null, time: null },
};

describe('documents by booking state', () => {
  it('offers a request only its summary, a completed booking voucher, tickets and invoice, a cancelled one no tickets but a credit note', () => {
    expect(documentsOfState({ status: 'quotation_request', paymentMethod: 'request' })).toEqual(['request-summary']);
    expect(documentsOfState({ status: 'payment_required', paymentMethod: 'balance' })).toEqual(['request-summary']);
    expect(documentsOfState({ status: 'payment_failed', paymentMethod: 'balance' })).toEqual(['request-summary']);
    expect(documentsOfState({ status: 'completed', paymentMethod: 'cash' })).toEqual(['voucher', 'tickets', 'invoice']);
    expect(documentsOfState({ status: 'cancelled', paymentMethod: 'balance' })).toEqual(['voucher', 'invoice', 'credit-note']);
    expect(documentsOfState({ status: 'cancelled', paymentMethod: 'request' })).toEqual(['request-summary']);
  });

  it('keeps NET documents from a junior agent whatever the state', () => {
    expect(documentsFor('junior', { status: 'completed', paymentMethod: 'balance' })).toEqual(['voucher', 'tickets']);
    expect(documentsFor('junior', { status: 'cancelled', paymentMethod: 'balance' })).toEqual(['voucher']);
    expect(documentsFor('senior', { status: 'cancelled', paymentMethod: 'balance' })).toEqual(['voucher', 'invoice', 'credit-note']);
    expect(documentsFor('junior', { status: 'quotation_request', paymentMethod: 'request' })).toEqual(['request-summary']);
  });

  it('says why a document is refused', () => {
    expect(documentRefusal('tickets', { status: 'cancelled', paymentMethod: 'balance' })).toBe('ticketsWithdrawn');
    expect(documentRefusal('voucher', { status: 'quotation_request', paymentMethod: 'request' })).toBe('notConfirmed');
    expect(documentRefusal('invoice', { status: 'payment_required', paymentMethod: 'balance' })).toBe('notConfirmed');
    expect(documentRefusal('credit-note', { status: 'completed', paymentMethod: 'balance' })).toBe('notCancelled');
    expect(documentRefusal('request-summary', { status: 'completed', paymentMethod: 'balance' })).toBe('confirmed');
    expect(documentRefusal('voucher', { status: 'cancelled', paymentMethod: 'request' })).toBe('neverConfirmed');
    expect(documentRefusal('voucher', { status: 'completed', paymentMethod: 'balance' })).toBeNull();
  });

  it('never draws a ticket for a booking that is cancelled or not confirmed', async () => {
    await expect(renderTicketsPdf(CANCELLED)).rejects.toThrow('no tickets');
    await expect(renderTicketsPdf(REQUEST)).rejects.toThrow('no tickets');
  });
});

describe('a cancelled booking’s documents', () => {
  it('stamps every page of the voucher CANCELLED with the day, and drops the cash to collect and the "show this voucher"', async () => {
    const notes = Array.from({ length: 60 }, (_, line) => `Note line ${line + 1}.`).join('\n');
    const { pages } = await parsePdf(await renderVoucherPdf({ ...CANCELLED, notes, collectionMinor: 75_000 }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain('CANCELLED');
      expect(normalized(page)).toContain('Cancelled on 19 Mar, 26 · TD-7K3M9Q');
    }
    const text = normalized(pages.join(' '));
    expect(text).toContain('This booking was cancelled on 19 Mar, 26. The voucher is not valid for travel.');
    expect(text).not.toContain('Confirmed');
    expect(text).not.toContain('Please show this voucher');
    expect(text).not.toContain('Amount to collect in cash');
  });

  it('stamps the Russian voucher in Russian', async () => {
    const { pages } = await parsePdf(await renderVoucherPdf({ ...CANCELLED, locale: 'ru' }));
    for (const page of pages) expect(page).toContain('ОТМЕНЕНО');
  });

  it('refers the invoice to its credit note', async () => {
    const text = normalized((await parsePdf(await renderInvoicePdf(CANCELLED))).text);
    expect(text).toContain('Booking cancelled on 19 Mar, 26: this invoice is credited by credit note CN-TD-7K3M9Q.');
    expect(normalized((await parsePdf(await renderInvoicePdf(ENGLISH))).text)).not.toContain('credit note');
  });

  it('issues a credit note whose refund, fee and unrefunded part add up to what was paid, to the fils', async () => {
    const partial: BookingDocument = {
      ...CANCELLED,
      paidMinor: 33_333,
      cancellation: { cancelledAt: CANCELLED.cancellation!.cancelledAt, percent: 50, refundMinor: 16_250, feeMinor: 417 },
    };
    for (const doc of [CANCELLED, partial]) {
      const figures = creditNoteFigures(doc, doc.cancellation!);
      expect(figures.refundMinor + figures.feeMinor + figures.notRefundedMinor).toBe(doc.paidMinor);
      expect(figures.grossRefundMinor - figures.feeMinor).toBe(figures.refundMinor);
      const text = normalized((await parsePdf(await renderCreditNotePdf(doc))).text);
      const money = (minor: number) => normalized(formatMoney(minor, 'AED', doc.locale));
      expect(text).toContain('Credit note');
      expect(text).toContain('CN-TD-7K3M9Q');
      expect(text).toContain(doc.agency.name);
      expect(text).toContain(SELLER.vatNumber);
      expect(text).toContain(`Paid from balance ${money(doc.paidMinor)}`);
      expect(text).toContain(`Refund under the policy (${figures.percent}%) ${money(figures.grossRefundMinor)}`);
      expect(text).toContain(`Processing fee kept ${money(-figures.feeMinor)}`);
      expect(text).toContain(`Refunded to the balance ${money(figures.refundMinor)}`);
      expect(text).toContain(`Not refunded under the policy ${money(figures.notRefundedMinor)}`);
      expect(text).toContain('Nothing further is due on invoice TD-7K3M9Q.');
    }
    expect(creditNoteFigures(partial, partial.cancellation!).notRefundedMinor).toBe(16_666);
  });

  it('has no credit note before the booking is cancelled', async () => {
    await expect(renderCreditNotePdf(ENGLISH)).rejects.toThrow('not cancelled');
  });
});

describe('the voucher’s terms', () => {
  it('states the cancellation policy the booking was sold under, the fee, the promo code and the pick-up, but no discount', async () => {
    const text = normalized((await parsePdf(await renderVoucherPdf(ENGLISH))).text);
    expect(text).toContain('Cancellation policy');
    expect(text).toContain('Cancelled more than 24 hours before the start: 100% refund');
    expect(text).toContain('Cancelled less than 24 hours before the start: no refund');
    expect(text).toContain('A processing fee of 2.5% is kept from every refund.');
    expect(text).toContain('Promo code SPRING10');
    expect(text).toContain('Atlantis The Palm');
    expect(text).toContain('Pick-up time 15:00');
    expect(text).not.toContain(normalized(formatMoney(ENGLISH.discountMinor, 'AED', 'en')));
  });

  it('says a non-refundable booking is non-refundable, in Russian too', async () => {
    const text = normalized((await parsePdf(await renderVoucherPdf(RUSSIAN))).text);
    expect(text).toContain('Условия отмены');
    expect(text).toContain('Невозвратный тариф: после бронирования средства не возвращаются');
  });

  it('says the pick-up time is still to be confirmed when the hotel has none yet', async () => {
    const text = normalized((await parsePdf(await renderVoucherPdf({ ...ENGLISH, pickUp: { hotelName: 'Atlantis The Palm', room: null, time: null } }))).text);
    expect(text).toContain('Pick-up time Pick-up time to be confirmed');
  });

  it('names the promo code beside the discount and the pick-up on the invoice', async () => {
    const text = normalized((await parsePdf(await renderInvoicePdf(ENGLISH))).text);
    expect(text).toContain(`Discount (promo code SPRING10) ${normalized(formatMoney(-ENGLISH.discountMinor, 'AED', 'en'))}`);
    expect(text).toContain('Pick-up Atlantis The Palm, 15:00');
  });
});

describe('the request summary', () => {
  it('says on every page that it is neither a confirmation nor valid for travel, and why it is a request', async () => {
    const { pages, imagesPerPage } = await parsePdf(await renderRequestSummaryPdf(REQUEST));
    for (const page of pages) expect(page).toContain('NOT CONFIRMED');
    const text = normalized(pages.join(' '));
    expect(text).toContain('Request summary');
    expect(text).toContain('Not a confirmation and not valid for travel.');
    expect(text).toContain('Quotation request');
    expect(text).toContain('The tour has no live availability');
    expect(text).toContain(REQUEST.guest.name);
    expect(text).toContain('20 Mar, 26');
    expect(text).toContain('Pick-up time Pick-up time to be confirmed');
    expect(text).toContain('Promo code SPRING10');
    expect(imagesPerPage.every((count) => count === 0)).toBe(true);
  });

  it('shows the NET rate and the promo discount only to a reader who may see NET', async () => {
    const money = (minor: number) => normalized(formatMoney(minor, 'AED', 'en'));
    const senior = normalized((await parsePdf(await renderRequestSummaryPdf(REQUEST))).text);
    expect(senior).toContain(`NET rate ${money(REQUEST.netTotalMinor)}`);
    expect(senior).toContain(`Promo discount ${money(-REQUEST.discountMinor)}`);
    const junior = normalized((await parsePdf(await renderRequestSummaryPdf({ ...REQUEST, seesNet: false }))).text);
    expect(junior).toContain(`Published rate ${money(REQUEST.publishedTotalMinor)}`);
    expect(junior).not.toContain('NET');
    expect(junior).not.toContain(money(REQUEST.netTotalMinor));
  });

  it('is written in Russian for a Russian booking', async () => {
    const text = normalized((await parsePdf(await renderRequestSummaryPdf({ ...REQUEST, locale: 'ru', requestReason: 'cutOffPassed' }))).text);
    expect(text).toContain('Сводка запроса');
    expect(text).toContain('НЕ ПОДТВЕРЖДЕНО');
    expect(text).toContain('Это не подтверждение, документ недействителен для поездки.');
    expect(text).toContain('Срок онлайн-бронирования истёк');
  });
});

describe('one status vocabulary', () => {
  it('labels statuses in agents’ documents exactly as the booking pages and lists do', () => {
    expect(documentsEn.common.statuses).toEqual(appEn.booking.status);
    expect(documentsRu.common.statuses).toEqual(appRu.booking.status);
  });

  it('tells the guest a completed booking is confirmed, in both languages', () => {
    expect(documentsEn.voucher.statuses.completed).toBe('Confirmed');
    expect(documentsRu.voucher.statuses.completed).toBe('Подтверждено');
    expect(appRu.booking.status.completed).toBe('Подтверждено');
  });
});

// How a booking paid through a provider was paid, on each of its documents.

const CARD: BookingDocument = {
  ...ENGLISH,
  paymentMethod: 'card',
  paidMinor: 58_500,
  collectionMinor: 0,
  payment: {
    method: 'card',
    provider: 'stripe',
    isSandbox: false,
    providerReference: 'pi_3QxYz',
    currency: 'RUB',
    // 58 500 fils at 24.5 RUB per AED = 1 433 250 kopecks; +4% conversion, +2% card fee, +6% tax.
    totalMinor: 1_605_240,
    feeMinor: 85_995,
    taxMinor: 85_995,
    lines: chargeLinesOf({ method: 'card', currency: 'RUB', totalMinor: 1_605_240, feeMinor: 85_995, taxMinor: 85_995 }, { rubConversionFeePercent: 4, rubCardFeePercent: 2, rubTaxPercent: 6 }),
    settledAt: new Date('2026-03-14T21:31:00Z'),
  },
};

describe('a booking paid through a provider', () => {
  it('names the method, the provider and its reference on the voucher, and the method on the tickets, in both languages', async () => {
    const english = normalized((await parsePdf(await renderVoucherPdf(CARD))).text);
    expect(english).toContain('Payment Paid by card · Stripe pi_3QxYz');
    expect(english).not.toContain('Amount to collect in cash');
    const russian = normalized((await parsePdf(await renderVoucherPdf({ ...CARD, locale: 'ru', payment: { ...CARD.payment!, provider: 'yookassa' } }))).text);
    expect(russian).toContain('Оплата Оплачено картой · ЮKassa pi_3QxYz');
    const sandbox = normalized((await parsePdf(await renderVoucherPdf({ ...CARD, payment: { ...CARD.payment!, provider: 'sandbox', isSandbox: true } }))).text);
    expect(sandbox).toContain('Paid by card · Sandbox (test) pi_3QxYz');
    const { pages } = await parsePdf(await renderTicketsPdf(CARD));
    for (const page of pages) expect(normalized(page)).toContain('Payment Paid by card');
    const cash = await parsePdf(await renderTicketsPdf(ENGLISH));
    expect(normalized(cash.pages[0]!)).toContain('Payment Cash on tour');
  });

  it('never says "Paid by card" for a card booking no payment paid (cancelled before it was paid)', async () => {
    const unpaid: BookingDocument = { ...CANCELLED, paymentMethod: 'card', paidMinor: 0, payment: null };
    const voucher = normalized((await parsePdf(await renderVoucherPdf(unpaid))).text);
    expect(voucher).toContain('Payment Card, not paid');
    expect(voucher).not.toContain('Paid by card');
    expect(normalized((await parsePdf(await renderVoucherPdf({ ...unpaid, locale: 'ru' }))).text)).toContain('Карта, не оплачено');
  });

  it('splits the charge into the 4% conversion fee, the 2% card fee and the 6% tax when they give the stored fee and tax', () => {
    expect(CARD.payment!.lines).toEqual([
      { kind: 'subtotal', percent: null, amountMinor: 1_433_250 },
      { kind: 'conversionFee', percent: 4, amountMinor: 57_330 },
      { kind: 'cardFee', percent: 2, amountMinor: 28_665 },
      { kind: 'tax', percent: 6, amountMinor: 85_995 },
    ]);
    // SBP has no card fee.
    expect(chargeLinesOf({ method: 'sbp', currency: 'RUB', totalMinor: 1_576_575, feeMinor: 57_330, taxMinor: 85_995 }, { rubConversionFeePercent: 4, rubCardFeePercent: 2, rubTaxPercent: 6 }).map((line) => line.kind)).toEqual([
      'subtotal',
      'conversionFee',
      'tax',
    ]);
    // The settings changed since the payment: the stored fee stays one line, never restated at today's rates.
    expect(chargeLinesOf({ method: 'card', currency: 'RUB', totalMinor: 1_605_240, feeMinor: 85_995, taxMinor: 85_995 }, { rubConversionFeePercent: 5, rubCardFeePercent: 2, rubTaxPercent: 6 })).toEqual([
      { kind: 'subtotal', percent: null, amountMinor: 1_433_250 },
      { kind: 'fees', percent: null, amountMinor: 85_995 },
      { kind: 'tax', percent: null, amountMinor: 85_995 },
    ]);
    // An AED or USD charge carries no fee or tax: nothing to break down.
    expect(chargeLinesOf({ method: 'card', currency: 'AED', totalMinor: 58_500, feeMinor: 0, taxMinor: 0 }, { rubConversionFeePercent: 4, rubCardFeePercent: 2, rubTaxPercent: 6 })).toEqual([]);
  });

  it('invoices it as paid by card in the charge currency, fee and tax lines included, with nothing due', async () => {
    const text = normalized((await parsePdf(await renderInvoicePdf(CARD))).text);
    const rub = (minor: number) => normalized(formatMoney(minor, 'RUB', 'en'));
    expect(text).toContain('Payment Paid by card (Stripe, pi_3QxYz)');
    expect(text).toContain(`Paid by card (Stripe) ${rub(1_605_240)}`);
    expect(text).toContain(`Balance due ${normalized(formatMoney(0, 'AED', 'en'))}`);
    expect(text).toContain(`Booking total in RUB ${rub(1_433_250)} Conversion fee (4%) ${rub(57_330)} Card fee (2%) ${rub(28_665)} Tax (6%) ${rub(85_995)} Charged ${rub(1_605_240)}`);
    expect(text).toContain('the payment was charged in RUB');
    expect(text).not.toContain('Paid from balance');
    const russian = normalized((await parsePdf(await renderInvoicePdf({ ...CARD, locale: 'ru' }))).text);
    // Russian puts a (no-break) space before the percent sign.
    expect(russian).toContain('Комиссия за оплату картой (2 %)');
    expect(russian).toContain('Оплата в валюте RUB');
  });

  it('credits a cancelled card booking to the card, pending then refunded, in Russian too', async () => {
    const cancelled: BookingDocument = {
      ...CARD,
      status: 'cancelled',
      cancellation: CANCELLED.cancellation,
      providerRefunds: [{ amountMinor: 1_565_109, currency: 'RUB', status: 'pending', providerReference: null, settledAt: null }],
    };
    const rub = (minor: number, locale: 'en' | 'ru' = 'en') => normalized(formatMoney(minor, 'RUB', locale));
    const pending = normalized((await parsePdf(await renderCreditNotePdf(cancelled))).text);
    expect(pending).toContain(`Paid by card ${normalized(formatMoney(58_500, 'AED', 'en'))}`);
    expect(pending).toContain(`Refund to the card ${normalized(formatMoney(57_038, 'AED', 'en'))}`);
    expect(pending).toContain(`Refund to the card through Stripe: ${rub(1_565_109)}. Pending: Stripe has not taken the refund yet.`);
    expect(pending).toContain('in RUB, and is not credited to the agency');
    expect(pending).not.toContain('Refunded to the balance');

    const refunded = { ...cancelled, providerRefunds: [{ ...cancelled.providerRefunds[0]!, status: 'succeeded' as const, providerReference: 're_1', settledAt: new Date('2026-03-19T06:00:00Z') }] };
    expect(normalized((await parsePdf(await renderCreditNotePdf(refunded))).text)).toContain(`Refund to the card through Stripe: ${rub(1_565_109)}. Refunded on 19 Mar, 26.`);
    const russian = normalized((await parsePdf(await renderCreditNotePdf({ ...cancelled, locale: 'ru' }))).text);
    expect(russian).toContain(`Возврат на карту через Stripe: ${rub(1_565_109, 'ru')}. Ожидает: Stripe ещё не провёл возврат.`);
  });
});

describe('the demo label', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is on every page of a demo document, in its language, and on none in production', async () => {
    vi.stubEnv('DEMO', 'on');
    for (const [doc, label] of [
      [ENGLISH, 'Demo — test data, no real payments'],
      [RUSSIAN, 'Демо — тестовые данные, без реальных платежей'],
    ] as const) {
      const { pages } = await parsePdf(await renderTicketsPdf(doc));
      for (const page of pages) expect(normalized(page)).toContain(label);
    }
    vi.stubEnv('DEMO', 'off');
    vi.stubEnv('PAYMENTS_SANDBOX', 'off');
    expect((await parsePdf(await renderTicketsPdf(ENGLISH))).text).not.toContain('Demo');
  });
});
