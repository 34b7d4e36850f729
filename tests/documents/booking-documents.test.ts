import { PDFParse } from 'pdf-parse';
import documentsEn from '@/messages/documents/en.json';
import documentsRu from '@/messages/documents/ru.json';
import type { BookingDocument } from '@/server/documents/booking-document';
import { includedVat, renderInvoicePdf } from '@/server/documents/invoice-pdf';
import { guestTickets, renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { formatMoney } from '@/server/shared/money/money';

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
  agency: { name: 'Desert Rose Travel', address: 'Al Wasl Road 12, Dubai', trn: '100987654300003' },
  agentName: 'Sara Khan',
  currency: 'AED',
  publishedTotalMinor: 75_000,
  netTotalMinor: 58_500,
  discountMinor: 1_500,
  paidMinor: 0,
  collectionMinor: 75_000,
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
  status: 'payment_required',
  paymentMethod: 'balance',
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
    expect(text).toContain('Completed');
    expect(text).toContain('Cash on tour');
    expect(text).toContain('20 Mar, 26');
    expect(text).toContain('6 h 30 min');
    expect(normalized(text)).toContain(normalized(formatMoney(ENGLISH.collectionMinor, 'AED', 'en')));
  });

  it('writes the Russian documents in Russian', async () => {
    const voucher = normalized((await parsePdf(await renderVoucherPdf(RUSSIAN))).text);
    expect(voucher).toContain('Ваучер');
    expect(voucher).toContain('Требуется оплата');
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
