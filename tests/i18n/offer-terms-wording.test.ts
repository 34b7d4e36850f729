import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { PICK_UP_MODES, policySummary, type RefundTiers } from '@/shared/bookings/offer-terms';
import { DEFAULT_SETTINGS } from '@/server/settings/defaults';

// Beside each offer on the tour page, its policy in a few words and its pick-up, in
// both languages.

const tiers = (moreThan48h: number, between24hAnd48h: number, lessThan24h: number): { kind: 'tiers'; tiers: RefundTiers } => ({
  kind: 'tiers',
  tiers: { moreThan48h, between24hAnd48h, lessThan24h },
});

describe('an offer’s policy in a few words', () => {
  it('says the seed’s three policies as the terms text does', () => {
    expect(policySummary({ kind: 'nonRefundable' })).toBe('nonRefundable');
    expect(policySummary(tiers(100, 100, 0))).toBe('fullRefundUntil24h');
    expect(policySummary(tiers(100, 0, 0))).toBe('fullRefundUntil48h');
  });

  it('reads the settings’ tiers (100/50/0) by their full refund, and tiers without one as partial', () => {
    expect(policySummary({ kind: 'tiers', tiers: DEFAULT_SETTINGS.refundTiers })).toBe('fullRefundUntil48h');
    expect(policySummary(tiers(100, 100, 100))).toBe('fullRefundUntilStart');
    expect(policySummary(tiers(50, 50, 0))).toBe('partlyRefundable');
    expect(policySummary(tiers(0, 0, 0))).toBe('nonRefundable');
  });

  it('has every summary and pick-up mode in English and Russian', () => {
    const summaries = ['nonRefundable', 'fullRefundUntilStart', 'fullRefundUntil24h', 'fullRefundUntil48h', 'partlyRefundable'] as const;
    for (const messages of [en, ru]) {
      for (const summary of summaries) expect(messages.cancellationPolicy.summary[summary]).toMatch(/\S/);
      for (const mode of PICK_UP_MODES) expect(messages.catalog.tour.pickUp[mode]).toMatch(/\S/);
    }
    expect(en.cancellationPolicy.summary.nonRefundable).toBe('Non-refundable');
    expect(ru.catalog.tour.pickUp.included).toBe('Трансфер из отеля включён');
  });
});
