import { eq } from 'drizzle-orm';
import { PUT as putAgency } from '@/app/api/v1/b2b/agency/route';
import { POST as signUp } from '@/app/api/v1/b2b/account/signup/route';
import { POST as forgotPassword } from '@/app/api/v1/b2b/account/forgotpassword/route';
import { POST as postBooking } from '@/app/api/v1/b2b/bookings/route';
import { POST as collectTelemetry } from '@/app/api/telemetry/route';
import { agencies } from '@/server/db/schema';
import { addDays, countBookings, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { agentRequest, apiRequest, countingStream, serveRoutesFrom, session, streamingRequest } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// Cross-site hardening (origin checks, the session cookie), through the exported route handlers: the agent's session cookie
// rides along with every request a foreign page makes the browser send, and anonymous callers
// can send bodies of any size.

let database: TestDatabase;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

async function checkout(date: string) {
  const offer = await findOffer(database.db, 'shared');
  const slot = await prepareSlot(database.db, offer.id, date, { left: 20 });
  return {
    idempotencyKey: crypto.randomUUID(),
    offerId: offer.id,
    date,
    time: slot.startTime,
    adults: 1,
    guestName: 'Cross Site',
    guestPhone: '+971 50 123 4567',
    guestEmail: 'guest@example.test',
    guestEmailConfirm: 'guest@example.test',
    paymentMethod: 'cash',
  };
}

describe('cross-site requests: a foreign page cannot book or change the company with the agent’s cookie', () => {
  beforeEach(async () => {
    session.principal = await principalFor(database.db, 'admin@desertrose.test');
  });

  it('refuses a text/plain booking (a form a foreign page can post without asking) with 415', async () => {
    const before = await countBookings(database.db, DESERT_ROSE);
    const body = JSON.stringify(await checkout(addDays(today, 12)));
    const response = await postBooking(agentRequest('/api/v1/b2b/bookings', { body, headers: { 'content-type': 'text/plain', origin: 'https://evil.example' } }));
    expect(response.status).toBe(415);
    expect(await countBookings(database.db, DESERT_ROSE)).toBe(before);
  });

  it('refuses a JSON booking from a foreign origin with 403, and books the same request from the portal', async () => {
    const before = await countBookings(database.db, DESERT_ROSE);
    const input = await checkout(addDays(today, 13));
    const foreign = await postBooking(agentRequest('/api/v1/b2b/bookings', { json: input, headers: { origin: 'https://evil.example' } }));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: 'This request came from another site and was refused.' });
    expect(await countBookings(database.db, DESERT_ROSE)).toBe(before);

    const own = await postBooking(agentRequest('/api/v1/b2b/bookings', { json: input }));
    expect(own.status, await own.clone().text()).toBe(201);
    expect(await countBookings(database.db, DESERT_ROSE)).toBe(before + 1);
  });

  it('refuses a company settings form posted from a foreign origin with 403 and changes nothing', async () => {
    const name = async () => (await database.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, DESERT_ROSE)))[0]!.name;
    const before = await name();
    const form = new URLSearchParams({ name: 'Hijacked Travel' });
    const foreign = await putAgency(agentRequest('/api/v1/b2b/agency', { method: 'PUT', body: form, headers: { origin: 'https://evil.example' } }));
    expect(foreign.status).toBe(403);
    expect(await name()).toBe(before);
    const withoutOrigin = apiRequest('/api/v1/b2b/agency', { method: 'PUT', body: form, headers: { cookie: 'authjs.session-token=test', 'sec-fetch-site': 'cross-site' } });
    const crossSiteFetch = await putAgency(withoutOrigin);
    expect(crossSiteFetch.status).toBe(403);
    expect(await name()).toBe(before);
  });
});

describe('body limits: anonymous bodies are capped while they stream', () => {
  const HUNDRED_MB = 100 * 1024 * 1024;

  beforeEach(() => {
    session.principal = null;
  });

  it('stops reading a chunked 100 MB sign-up past its 11 MB cap (413)', async () => {
    const { stream, counter } = countingStream(HUNDRED_MB);
    const response = await signUp(streamingRequest('/api/v1/b2b/account/signup', stream, { 'content-type': 'multipart/form-data; boundary=x' }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThan(12 * 1024 * 1024);
  });

  it('stops reading a 100 MB telemetry batch past its cap (413)', async () => {
    const { stream, counter } = countingStream(HUNDRED_MB);
    const response = await collectTelemetry(streamingRequest('/api/telemetry', stream, { 'content-type': 'application/json' }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThan(1024 * 1024);
  });

  it('stops reading a 100 MB forgot-password body past its cap (413)', async () => {
    const { stream, counter } = countingStream(HUNDRED_MB);
    const response = await forgotPassword(streamingRequest('/api/v1/b2b/account/forgotpassword', stream, { 'content-type': 'application/json' }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThan(256 * 1024);
  });
});
