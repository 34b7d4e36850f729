import { readVoucherToken, voucherLinkExpiry, voucherLinkLastDay, voucherToken } from '@/server/guest-handoff/voucher-link';
import { guestBookingToken } from '@/server/widgets/guest-bookings/guest-link';

// The voucher link's token: signed with the guest link's secret for its own purpose, carrying the
// guest's language and an expiry the holder cannot change; expired or forged, it names nothing.

const SECRET = 'test-secret';
const REFERENCE = 'TD-ABCD234';
const tourDate = '2026-12-10';

describe('the voucher link', () => {
  it('expires at the end of the day after the tour, in Dubai', () => {
    expect(voucherLinkExpiry(tourDate).toISOString()).toBe('2026-12-11T19:59:59.000Z');
    expect(voucherLinkLastDay(tourDate)).toBe('2026-12-11');
    expect(voucherLinkLastDay('2026-12-31')).toBe('2027-01-01');
  });

  it('reads back its booking and language until it expires, then only "expired"', () => {
    const token = voucherToken(REFERENCE, 'ru', voucherLinkExpiry(tourDate), SECRET);
    expect(token).toMatch(/^TD-ABCD234-ru-[0-9a-z]+-[0-9a-f]{32}$/);
    expect(readVoucherToken(token, new Date('2026-12-11T19:59:00Z'), SECRET)).toEqual({
      state: 'valid',
      reference: REFERENCE,
      locale: 'ru',
      expiresAt: voucherLinkExpiry(tourDate),
    });
    expect(readVoucherToken(token, new Date('2026-12-11T20:00:00Z'), SECRET)).toEqual({ state: 'expired' });
  });

  it('refuses a token altered in its booking, language, expiry or MAC, signed with another secret, or of another purpose', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const token = voucherToken(REFERENCE, 'en', voucherLinkExpiry(tourDate), SECRET);
    const [, , , expiry, mac] = token.split('-') as [string, string, string, string, string];
    const later = (parseInt(expiry, 36) + 86_400 * 365).toString(36);
    const forged = [
      token.replace('ABCD234', 'ABCD235'),
      token.replace('-en-', '-ru-'),
      token.replace(`-${expiry}-`, `-${later}-`),
      token.replace(mac, `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`),
      voucherToken(REFERENCE, 'en', voucherLinkExpiry(tourDate), 'another-secret'),
      guestBookingToken(REFERENCE, SECRET),
      '',
      'TD-ABCD234-en-zzzzzzzzzz-00000000000000000000000000000000',
      `${token}x`,
    ];
    for (const candidate of forged) expect(readVoucherToken(candidate, now, SECRET), candidate).toEqual({ state: 'invalid' });
    // A forged token is "invalid" even past the expiry it claims: only ours can say "expired".
    expect(readVoucherToken(token.replace(mac, '0'.repeat(32)), new Date('2030-01-01T00:00:00Z'), SECRET)).toEqual({ state: 'invalid' });
  });

  it('is made only for a booking reference', () => {
    expect(() => voucherToken('not-a-reference', 'en', new Date(), SECRET)).toThrow(/Not a booking reference/);
  });
});
