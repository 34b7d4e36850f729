import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { supplierCallStats, suppliers } from '@/server/db/schema';
import { breakerState, COOL_DOWN_MS, FAILURES_TO_OPEN, resetBreaker } from '@/server/suppliers/breaker';
import { flushSupplierCallStats } from '@/server/suppliers/call-stats';
import { guardedConnector, supplierConnector } from '@/server/suppliers/connectors';
import { isSupplierDown, isSupplierError } from '@/server/suppliers/errors';
import { createOctoConnector } from '@/server/suppliers/octo/octo-connector';
import { sealSecret } from '@/server/suppliers/secret-box';
import { startOctoSupplier, type OctoSupplierHandle } from '@/tests/support/octo-supplier/server';
import { createTestDatabase, type TestDatabase } from '@/tests/support/test-database';

// Failure isolation: a dead supplier opens its breaker within a few calls, later calls fail at once
// without reaching it, a probe after the cool-down closes it again once the supplier answers; and
// calls are counted per minute into supplier_call_stats by a batched flush.

let supplier: OctoSupplierHandle;
let database: TestDatabase;

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  supplier = await startOctoSupplier();
  database = await createTestDatabase();
});
afterAll(async () => {
  await supplier.close();
  await database.dispose();
  vi.unstubAllEnvs();
});
afterEach(() => {
  supplier.setDown(false);
  supplier.setDelay(0);
});

function octo(supplierId: string, timeoutMs = 150) {
  return createOctoConnector({ supplierId, baseUrl: supplier.url, apiKey: supplier.apiKey, capabilities: [], currency: 'AED' }, { timeoutMs });
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isSupplierError(error)) throw new Error(`expected a SupplierError, got ${String(error)}`);
  return error;
}

describe('the breaker of a supplier', () => {
  it('opens after a few timeouts, then fails at once without calling the supplier', async () => {
    const supplierId = randomUUID();
    const connector = guardedConnector(octo(supplierId), supplierId);
    supplier.setDown(true);
    for (let call = 1; call <= FAILURES_TO_OPEN; call += 1) {
      expect((await failure(connector.listProducts())).code).toBe('timeout');
    }
    expect(breakerState(supplierId)).toMatchObject({ state: 'open', recentFailures: FAILURES_TO_OPEN });
    const received = supplier.requests.length;
    const started = performance.now();
    const refused = await failure(connector.getProduct('desert-safari'));
    expect(refused.code).toBe('circuit_open');
    expect(isSupplierDown(refused)).toBe(true);
    // No timeout waited out: an answer without calling, far under the 150 ms limit.
    expect(performance.now() - started).toBeLessThan(50);
    expect(supplier.requests.length).toBe(received);
  });

  it('lets one probe through after the cool-down and closes once the supplier answers', async () => {
    const supplierId = randomUUID();
    let clock = Date.now();
    const connector = guardedConnector(octo(supplierId), supplierId, { now: () => clock });
    supplier.setDown(true);
    for (let call = 1; call <= FAILURES_TO_OPEN; call += 1) await failure(connector.listProducts());
    clock += COOL_DOWN_MS + 1;
    // Still down: the probe fails and the breaker opens for another cool-down.
    expect((await failure(connector.listProducts())).code).toBe('timeout');
    expect(breakerState(supplierId, clock).state).toBe('open');
    expect((await failure(connector.listProducts())).code).toBe('circuit_open');

    supplier.setDown(false);
    clock += COOL_DOWN_MS + 1;
    expect(breakerState(supplierId, clock).state).toBe('half_open');
    // The same supplier's breaker, with a time limit a busy test machine cannot miss.
    const patient = guardedConnector(octo(supplierId, 5_000), supplierId, { now: () => clock });
    await expect(patient.listProducts()).resolves.toHaveLength(2);
    expect(breakerState(supplierId, clock)).toEqual({ state: 'closed', openedAt: null, recentFailures: 0 });
  });

  it('counts business answers as the supplier working', async () => {
    const supplierId = randomUUID();
    const connector = guardedConnector(octo(supplierId), supplierId);
    for (let call = 1; call <= FAILURES_TO_OPEN + 1; call += 1) {
      expect((await failure(connector.getProduct('no-such-product'))).code).toBe('not_found');
    }
    expect(breakerState(supplierId).state).toBe('closed');
    resetBreaker(supplierId);
  });
});

describe('a stored supplier', () => {
  async function storeSupplier(apiKey: string) {
    const [row] = await database.db
      .insert(suppliers)
      .values({ name: 'Local', baseUrl: supplier.url, apiKeySealed: sealSecret(apiKey), apiKeyHint: apiKey.slice(-4), capabilities: ['octo/pricing'], currency: 'AED' })
      .returning({ id: suppliers.id });
    return row!.id;
  }

  it('gets a cached connector with its key opened, and its calls counted per minute in one flush', async () => {
    const supplierId = await storeSupplier(supplier.apiKey);
    const connector = await supplierConnector(database.db, supplierId);
    expect(await supplierConnector(database.db, supplierId)).toBe(connector);
    await connector.listProducts();
    await connector.getProduct('sky-deck');
    expect((await failure(connector.getProduct('no-such-product'))).code).toBe('not_found');
    // Nothing is written on the call's path.
    expect(await database.db.select().from(supplierCallStats).where(eq(supplierCallStats.supplierId, supplierId))).toEqual([]);
    await flushSupplierCallStats(database.db);
    const [stats] = await database.db.select().from(supplierCallStats).where(eq(supplierCallStats.supplierId, supplierId));
    expect(stats).toMatchObject({ calls: 3, failures: 0, timeouts: 0 });
  });

  it('counts a refused key as a failure', async () => {
    const supplierId = await storeSupplier('not-the-key');
    const connector = await supplierConnector(database.db, supplierId);
    expect((await failure(connector.listProducts())).code).toBe('unauthorized');
    await flushSupplierCallStats(database.db);
    const [stats] = await database.db.select().from(supplierCallStats).where(eq(supplierCallStats.supplierId, supplierId));
    expect(stats).toMatchObject({ calls: 1, failures: 1, timeouts: 0 });
  });
});
