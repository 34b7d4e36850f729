import { randomUUID } from 'node:crypto';
import { ownInventoryConnector } from '@/server/suppliers/connectors';
import { createOwnInventoryConnector, expireOwnInventoryHolds } from '@/server/suppliers/own-inventory/own-inventory-connector';
import { addDays, findOffer, prepareSlot } from '@/tests/support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { connectorContract, type ContractSubject } from './connector-contract';

// Our own inventory passes the same connector contract as an OCTO supplier, on the demo catalogue.

const TODAY = new Date();
let database: TestDatabase;
let subject: ContractSubject;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: TODAY } });
  const offer = await findOffer(database.db, 'shared');
  const date = addDays(TODAY.toISOString().slice(0, 10), 9);
  await prepareSlot(database.db, offer.id, date, { left: 12 });
  subject = { connector: ownInventoryConnector(database.db), productId: offer.tourId, optionId: offer.id, adultUnitId: 'adult', date };
});
afterAll(async () => {
  await database.dispose();
});

connectorContract('own inventory', () => subject);

describe('own inventory holds', () => {
  it('give their stock back when they expire, by the minute’s job or at the next read', async () => {
    const { db } = database;
    let clock = new Date();
    const connector = createOwnInventoryConnector(db, { now: () => clock });
    const ref = { productId: subject.productId, optionId: subject.optionId };
    const day = { from: subject.date, to: subject.date };
    const [slot] = await connector.availability(ref, day);
    const before = slot!.vacancies!;

    const byJob = randomUUID();
    const byRead = randomUUID();
    await connector.reserve({ ...ref, uuid: byJob, availabilityId: slot!.availabilityId, units: [{ unitId: 'adult', quantity: 2 }], expirationMinutes: 5 });
    await connector.reserve({ ...ref, uuid: byRead, availabilityId: slot!.availabilityId, units: [{ unitId: 'adult', quantity: 1 }], expirationMinutes: 20 });
    expect((await connector.availability(ref, day))[0]!.vacancies).toBe(before - 3);

    clock = new Date(clock.getTime() + 10 * 60_000);
    expect(await db.transaction((tx) => expireOwnInventoryHolds(tx, clock))).toBe(1);
    expect((await connector.availability(ref, day))[0]!.vacancies).toBe(before - 1);
    expect((await connector.getBooking(byJob))?.state).toBe('expired');

    clock = new Date(clock.getTime() + 20 * 60_000);
    expect((await connector.getBooking(byRead))?.state).toBe('expired');
    expect((await connector.availability(ref, day))[0]!.vacancies).toBe(before);
    const refused = await connector.confirm(byRead, { resellerReference: 'TD-late', contact: { fullName: 'A B', emailAddress: 'a@example.test', phoneNumber: '+971500000002', locales: ['en'] } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rejected' });
  });
});
