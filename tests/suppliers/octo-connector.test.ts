import { randomUUID } from 'node:crypto';
import { createOctoConnector, fetchOctoSupplier } from '@/server/suppliers/octo/octo-connector';
import { startOctoSupplier, type OctoSupplierHandle } from '@/tests/support/octo-supplier/server';

let supplier: OctoSupplierHandle;

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  supplier = await startOctoSupplier();
});
afterAll(async () => {
  await supplier.close();
  vi.unstubAllEnvs();
});

function connector(overrides: Partial<Parameters<typeof createOctoConnector>[0]> = {}) {
  return createOctoConnector({
    supplierId: randomUUID(),
    baseUrl: supplier.url,
    apiKey: supplier.apiKey,
    capabilities: ['octo/pricing', 'octo/content'],
    currency: 'AED',
    ...overrides,
  });
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

describe('the OCTO connector against the local supplier', () => {
  it('reads the supplier, its products of both availability types, and books', async () => {
    await expect(fetchOctoSupplier({ supplierId: 's', baseUrl: supplier.url, apiKey: supplier.apiKey, capabilities: [], currency: 'AED' })).resolves.toEqual({
      externalId: 'local-octo-supplier',
      name: 'Local OCTO Supplier',
    });
    const octo = connector();
    const products = await octo.listProducts();
    expect(products.map((product) => [product.id, product.availabilityType])).toEqual([
      ['desert-safari', 'start_time'],
      ['sky-deck', 'opening_hours'],
    ]);
    const adult = products[0]?.options[0]?.units[0];
    expect(adult).toEqual({ id: 'morning-adult', type: 'adult', title: 'Adult', net: { amountMinor: 20_000, currency: 'AED' }, retail: { amountMinor: 25_000, currency: 'AED' } });
    const ref = { productId: 'desert-safari', optionId: 'evening' };
    const slots = await octo.availability(ref, { from: tomorrow(), to: tomorrow() });
    expect(slots.map((slot) => slot.startTime)).toEqual(['15:00', '16:30']);
    const uuid = randomUUID();
    const held = await octo.reserve({ ...ref, uuid, availabilityId: slots[0]!.availabilityId, units: [{ unitId: 'evening-adult', quantity: 2 }], expirationMinutes: 15 });
    expect(held.state).toBe('on_hold');
    const confirmed = await octo.confirm(uuid, { resellerReference: 'TD-1', contact: { fullName: 'Ann Lee', emailAddress: 'ann@example.com', phoneNumber: '+971500000000', locales: ['en'] } });
    expect(confirmed).toMatchObject({ state: 'confirmed', reference: held.reference });
    expect(confirmed.tickets).toHaveLength(3);
    expect(supplier.requests.every((request) => request.valid)).toBe(true);
  });
});
