import { paymentFailureReason } from '@/server/payments/failure-reason';
import { returnFromProvider } from '@/server/checkout/settlement';
import { completeSandboxChallenge, payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { PAYMENT_FAILURE_REASONS } from '@/shared/payments/failure-reasons';
import { SANDBOX_TEST_CARDS } from '@/shared/payments/sandbox-cards';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { cardBooking, clearQueuedJobs, forgetPayments, setUpPayments } from './payment-fixtures';

// Failed payments say why: each sandbox test card's failure reaches the result page as its reason,
// and the real providers' decline codes map onto the same reasons.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10, demoData: { today: new Date() } });
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(() => clearQueuedJobs(database.db));

const card = (outcome: string) => SANDBOX_TEST_CARDS.find((candidate) => candidate.outcome === outcome)!.number;

it.each([
  { outcome: 'decline', reason: 'declined' },
  { outcome: 'insufficientFunds', reason: 'insufficientFunds' },
  { outcome: 'expiredCard', reason: 'expiredCard' },
  { outcome: 'challenge', reason: 'authenticationFailed' },
])('a sandbox $outcome card fails the booking with the reason $reason', async ({ outcome, reason }) => {
  const { db } = database;
  const agent = await principalFor(db, 'senior@gulfhorizons.test');
  const booked = await cardBooking(db, agent);
  await payWithSandboxCard(db, booked.chargeId, card(outcome));
  if (outcome === 'challenge') await completeSandboxChallenge(db, booked.chargeId, false);
  expect(await returnFromProvider(db, agent, booked.paymentId)).toMatchObject({ status: 'failed', bookingStatus: 'payment_failed', failureReason: reason });
});

it('a payment that succeeded or is still open has no failure reason', async () => {
  const { db } = database;
  const agent = await principalFor(db, 'senior@gulfhorizons.test');
  const booked = await cardBooking(db, agent);
  expect((await returnFromProvider(db, agent, booked.paymentId))?.failureReason).toBeNull();
  await payWithSandboxCard(db, booked.chargeId, card('success'));
  expect(await returnFromProvider(db, agent, booked.paymentId)).toMatchObject({ status: 'succeeded', failureReason: null });
});

describe('the real providers map their codes onto the same reasons', () => {
  it.each([
    ['stripe', 'generic_decline', 'declined'],
    ['stripe', 'insufficient_funds', 'insufficientFunds'],
    ['stripe', 'payment_intent_authentication_failure', 'authenticationFailed'],
    ['stripe', 'expired_card', 'expiredCard'],
    ['tap', '051', 'insufficientFunds'],
    ['tap', '054', 'expiredCard'],
    ['tap', '005', 'declined'],
    ['tap', 'TIMEDOUT', 'timedOut'],
    ['yookassa', 'insufficient_funds', 'insufficientFunds'],
    ['yookassa', '3d_secure_failed', 'authenticationFailed'],
    ['yookassa', 'card_expired', 'expiredCard'],
    ['yookassa', 'general_decline', 'declined'],
    ['coinbase', 'EXPIRED', 'timedOut'],
    ['sandbox', 'provider_unavailable', 'providerUnavailable'],
    ['stripe', 'something_new', 'other'],
    ['unknown-provider', 'card_declined', 'other'],
  ])('%s %s → %s', (provider, code, reason) => {
    expect(PAYMENT_FAILURE_REASONS).toContain(reason);
    expect(paymentFailureReason(provider, code)).toBe(reason);
  });
});
