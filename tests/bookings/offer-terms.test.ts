import { describePolicy, policyLines, resolveCancellationPolicy } from '@/shared/bookings/offer-terms';
import { bookingPolicy, refundQuote } from '@/server/bookings/refund-rules';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';

const SETTINGS_TIERS = { moreThan48h: 100, between24hAnd48h: 50, lessThan24h: 0 };
const cancel24 = { kind: 'custom', tiers: { moreThan48h: 100, between24hAnd48h: 100, lessThan24h: 0 } } as const;

// A translator over the English messages, as a page's `t` is (ICU: the percents are number formats).
const translate = createTranslator({ locale: 'en', messages: en, namespace: 'cancellationPolicy' });
const t = (key: string, values: Record<string, string | number> = {}): string => translate(key as Parameters<typeof translate>[0], values);

describe('cancellation policy', () => {
  it('a standard offer takes the settings tiers when booked; its own tiers and non-refundable stay as they are', () => {
    expect(resolveCancellationPolicy({ kind: 'standard' }, SETTINGS_TIERS)).toEqual({ kind: 'tiers', tiers: SETTINGS_TIERS });
    expect(resolveCancellationPolicy(cancel24, SETTINGS_TIERS)).toEqual({ kind: 'tiers', tiers: cancel24.tiers });
    expect(resolveCancellationPolicy({ kind: 'nonRefundable' }, SETTINGS_TIERS)).toEqual({ kind: 'nonRefundable' });
  });

  it('reads in as few lines as it takes', () => {
    expect(policyLines({ kind: 'tiers', tiers: cancel24.tiers })).toEqual([
      { window: 'moreThan24h', percent: 100 },
      { window: 'lessThan24h', percent: 0 },
    ]);
    expect(policyLines({ kind: 'tiers', tiers: SETTINGS_TIERS })).toHaveLength(3);
    expect(describePolicy({ kind: 'tiers', tiers: cancel24.tiers }, t)).toEqual([
      'Cancelled more than 24 hours before the start: 100% refund',
      'Cancelled less than 24 hours before the start: no refund',
    ]);
    expect(describePolicy({ kind: 'nonRefundable' }, t)).toEqual(['Non-refundable: no refund after booking']);
  });
});

describe('refund quote by the booking’s policy', () => {
  const now = new Date('2026-12-01T06:00:00Z'); // 10:00 in Dubai
  const booking = { paidMinor: 23_010, tourDate: '2026-12-02', startTime: '16:00' }; // 30 h ahead
  const settings = { refundProcessingFeePercent: 2.5 };

  it('a non-refundable ticket refunds nothing, whatever the time left', () => {
    const early = { ...booking, tourDate: '2026-12-20' };
    expect(refundQuote({ ...early, policy: { kind: 'nonRefundable' } }, settings, now)).toMatchObject({ percent: 0, refundMinor: 0, feeMinor: 0 });
  });

  it('an offer’s own tiers replace the settings’ ones', () => {
    expect(refundQuote({ ...booking, policy: { kind: 'tiers', tiers: SETTINGS_TIERS } }, settings, now)).toMatchObject({
      tier: 'between24hAnd48h',
      grossRefundMinor: 11_505,
    });
    expect(refundQuote({ ...booking, policy: { kind: 'tiers', tiers: cancel24.tiers } }, settings, now)).toMatchObject({
      tier: 'between24hAnd48h',
      grossRefundMinor: 23_010,
      feeMinor: 575,
      refundMinor: 22_435,
    });
  });

  it('a booking made before policies falls back to its offer’s policy today', () => {
    expect(bookingPolicy({ cancellationPolicy: null, offerPolicy: { kind: 'standard' } }, { refundTiers: SETTINGS_TIERS })).toEqual({
      kind: 'tiers',
      tiers: SETTINGS_TIERS,
    });
    expect(bookingPolicy({ cancellationPolicy: { kind: 'nonRefundable' }, offerPolicy: { kind: 'standard' } }, { refundTiers: SETTINGS_TIERS })).toEqual({
      kind: 'nonRefundable',
    });
  });
});
