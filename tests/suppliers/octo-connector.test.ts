import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createOctoConnector, fetchOctoSupplier, type OctoSupplierConfig } from '@/server/suppliers/octo/octo-connector';
import { toMinorUnits } from '@/server/suppliers/octo/octo-mapping';
import { isSupplierError } from '@/server/suppliers/errors';
import { startOctoSupplier, type OctoSupplierHandle } from '@/tests/support/octo-supplier/server';
import { connectorContract, type ContractSubject } from './connector-contract';

// The OCTO client against the local OCTO supplier: the connector contract, and conformance — every
// request it sends is one OCTO's request schemas (from @octocloud/types) accept, checked by the
// supplier as it receives them; every answer it reads was parsed by OCTO's response schemas.

let supplier: OctoSupplierHandle;
let subject: ContractSubject;

function config(overrides: Partial<OctoSupplierConfig> = {}): OctoSupplierConfig {
  return { supplierId: randomUUID(), baseUrl: supplier.url, apiKey: supplier.apiKey, capabilities: ['octo/pricing', 'octo/content'], currency: 'AED', ...overrides };
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  supplier = await startOctoSupplier();
  subject = { connector: createOctoConnector(config()), productId: 'desert-safari', optionId: 'evening', adultUnitId: 'evening-adult', date: daysFromNow(9) };
});
afterAll(async () => {
  await supplier.close();
  vi.unstubAllEnvs();
});

connectorContract('the OCTO connector', () => subject);

describe('the OCTO connector', () => {
  it('reads the supplier and both availability types, prices in minor units', async () => {
    await expect(fetchOctoSupplier(config())).resolves.toEqual({ externalId: 'local-octo-supplier', name: 'Local OCTO Supplier', capabilities: ['octo/pricing', 'octo/content'] });
    const products = await subject.connector.listProducts();
    expect(products.map((product) => [product.id, product.availabilityType, product.options.length])).toEqual([
      ['desert-safari', 'start_time', 2],
      ['sky-deck', 'opening_hours', 1],
    ]);
    expect(products[0]?.options[0]?.units).toEqual([
      { id: 'morning-adult', type: 'adult', title: 'Adult', net: { amountMinor: 20_000, currency: 'AED' }, retail: { amountMinor: 25_000, currency: 'AED' } },
      { id: 'morning-child', type: 'child', title: 'Child', net: { amountMinor: 10_000, currency: 'AED' }, retail: { amountMinor: 12_500, currency: 'AED' } },
      { id: 'morning-infant', type: 'infant', title: 'Infant', net: { amountMinor: 0, currency: 'AED' }, retail: { amountMinor: 0, currency: 'AED' } },
    ]);
    const [ticket] = await subject.connector.availability({ productId: 'sky-deck', optionId: 'DEFAULT' }, { from: daysFromNow(3), to: daysFromNow(3) });
    expect(ticket).toMatchObject({ date: daysFromNow(3), startTime: '00:00', openingHours: [{ from: '10:00', to: '22:00' }], vacancies: 200 });
  });

  it('rescales an amount whose OCTO precision differs from the currency’s minor unit', () => {
    expect(toMinorUnits(12_345, 'AED', 2)).toBe(12_345);
    expect(toMinorUnits(123, 'AED', 0)).toBe(12_300);
    expect(toMinorUnits(1_234_567, 'JPY', 2)).toBe(12_346);
  });

  it('gives back tickets the supplier issued on confirmation', async () => {
    const connector = subject.connector;
    const [slot] = await connector.availability({ productId: 'desert-safari', optionId: 'morning' }, { from: daysFromNow(4), to: daysFromNow(4) });
    const uuid = randomUUID();
    await connector.reserve({ productId: 'desert-safari', optionId: 'morning', uuid, availabilityId: slot!.availabilityId, units: [{ unitId: 'morning-adult', quantity: 1 }, { unitId: 'morning-child', quantity: 1 }], expirationMinutes: 10 });
    const confirmed = await connector.confirm(uuid, { resellerReference: 'TD-2', contact: { fullName: 'Ann Lee', emailAddress: 'ann@example.test', phoneNumber: '+971500000000', locales: ['en'] } });
    expect(confirmed.tickets).toEqual([
      { unitType: null, code: confirmed.reference, format: 'QRCODE' },
      { unitType: 'adult', code: `${confirmed.reference}-1`, format: 'QRCODE' },
      { unitType: 'child', code: `${confirmed.reference}-2`, format: 'QRCODE' },
    ]);
  });

  it('maps a refused key and a refused confirmation to their codes, keeping the supplier’s own error', async () => {
    const refused = await createOctoConnector(config({ apiKey: 'wrong' })).listProducts().catch((error: unknown) => error);
    expect(isSupplierError(refused) && [refused.code, refused.error]).toEqual(['unauthorized', 'FORBIDDEN']);
    const connector = subject.connector;
    const [slot] = await connector.availability({ productId: 'sky-deck', optionId: 'DEFAULT' }, { from: daysFromNow(5), to: daysFromNow(5) });
    const uuid = randomUUID();
    await connector.reserve({ productId: 'sky-deck', optionId: 'DEFAULT', uuid, availabilityId: slot!.availabilityId, units: [{ unitId: 'deck-adult', quantity: 1 }], expirationMinutes: 10 });
    supplier.failNextConfirm();
    const failed = await connector.confirm(uuid, { resellerReference: 'TD-3', contact: { fullName: 'A B', emailAddress: 'a@example.test', phoneNumber: '+971500000001', locales: ['en'] } }).catch((error: unknown) => error);
    expect(isSupplierError(failed) && [failed.code, failed.error]).toEqual(['rejected', 'UNPROCESSABLE_ENTITY']);
    expect((await connector.getBooking(uuid))?.state).toBe('on_hold');
  });

  it('sends only requests that OCTO’s request schemas accept, for every operation of the specification it uses', () => {
    const refusals = supplier.requests.filter((request) => !request.valid).map((request) => `${request.method} ${request.path}: ${request.issues}`);
    expect(refusals).toEqual([]);
    for (const request of supplier.requests) {
      expect(request.headers.authorization).toMatch(/^Bearer /);
      expect(request.headers['octo-capabilities']).toBe('octo/pricing, octo/content');
    }
    // Every operation of the OpenAPI document @octocloud/types ships, but the ones we skip for a reason.
    const specification = fs.readFileSync(path.join(process.cwd(), 'node_modules/@octocloud/types/src/openapi.yaml'), 'utf8');
    const operations = [...specification.matchAll(/operationId: (\w+)/g)].map((match) => match[1]);
    const skipped: Record<string, string> = {
      Bookings_GetBookings: 'we always know a booking’s uuid (ours, chosen before the reserve); listing by reference is for resellers who lost theirs',
    };
    expect(operations.length).toBeGreaterThan(10);
    const used = new Set(supplier.requests.map((request) => request.operation));
    expect(operations.filter((operation) => operation && !skipped[operation] && !used.has(operation))).toEqual([]);
  });
});
