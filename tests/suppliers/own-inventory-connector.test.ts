import { ownInventoryConnector } from '@/server/suppliers/connectors';
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
