import { and, eq } from 'drizzle-orm';
import { auditLog, offers, supplierProducts, suppliers, tours } from '@/server/db/schema';
import {
  acceptProductChangesAction,
  addSupplierAction,
  publishProductAction,
  replaceSupplierKeyAction,
  saveOptionMappingAction,
  saveProductMappingAction,
  syncSupplierAction,
} from '@/server/ops/suppliers/supplier-actions';
import { listSuppliers, loadSupplier, loadSupplierProduct } from '@/server/ops/suppliers/supplier-queries';
import { flushSupplierCallStats } from '@/server/suppliers/call-stats';
import { openSecret } from '@/server/suppliers/secret-box';
import { syncDueSuppliers } from '@/server/suppliers/sync/supplier-sync-jobs';
import { syncSupplierProducts } from '@/server/suppliers/sync/sync-supplier';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { CATALOGUE } from '../../support/octo-supplier/catalogue';
import { type OctoSupplierHandle, startOctoSupplier } from '../../support/octo-supplier/server';
import { serveRoutesFrom, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { staffFor } from '../ops-fixtures';

// The console's suppliers against a real database and the local OCTO supplier: adding one (the
// connection tested first, the key sealed and never answered back), importing its products as
// drafts, mapping and publishing one, and a re-sync that flags a change for review.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), revalidateTag: (tag: string) => void revalidated.push(tag), refresh: () => undefined }));
vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
let octo: OctoSupplierHandle;
let admin: StaffPrincipal;
let operator: StaffPrincipal;
const allowPrivate = process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES;

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

const supplierForm = (overrides: Record<string, string | string[]> = {}) =>
  form({ name: 'Red Dunes Tours', baseUrl: octo.url, apiKey: octo.apiKey, currency: 'AED', capabilities: ['octo/pricing', 'octo/content'], ...overrides });

/** Adds a supplier through the action (which redirects to its page) and answers its row. */
async function addSupplier(name: string) {
  const answer = await addSupplierAction(null, supplierForm({ name })).catch((error: unknown) => error);
  expect(String((answer as Error).message ?? answer)).toContain('NEXT_REDIRECT');
  const [row] = await database.db.select().from(suppliers).where(eq(suppliers.name, name));
  return row!;
}

beforeAll(async () => {
  process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES = 'on';
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  serveRoutesFrom(database);
  octo = await startOctoSupplier();
  admin = await staffFor(database.db, 'ops-admin@traveldesk.test');
  operator = await staffFor(database.db, 'operator@traveldesk.test');
});
afterAll(async () => {
  if (allowPrivate === undefined) delete process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES;
  else process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES = allowPrivate;
  await octo?.close();
  // The call counts are written a few seconds after the calls: before the database goes.
  if (database) await flushSupplierCallStats(database.db);
  await database?.dispose();
});
beforeEach(() => {
  staffSession.staff = admin;
  revalidated.length = 0;
});

describe('adding a supplier', () => {
  it('is for operator admins only', async () => {
    staffSession.staff = operator;
    const result = await addSupplierAction(null, supplierForm({ name: 'Not allowed' }));
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(await database.db.select().from(suppliers).where(eq(suppliers.name, 'Not allowed'))).toEqual([]);
  });

  it('saves nothing when the supplier refuses the key, and says why', async () => {
    const result = await addSupplierAction(null, supplierForm({ name: 'Wrong key', apiKey: 'not-the-right-key' }));
    expect(result).toMatchObject({ ok: false, status: 422, code: 'ops.suppliers.errors.connection.unauthorized', fieldErrors: { apiKey: 'The supplier refused this API key.' } });
    expect(await database.db.select().from(suppliers).where(eq(suppliers.name, 'Wrong key'))).toEqual([]);
  });

  it('saves nothing when nothing answers at the address', async () => {
    const closed = await startOctoSupplier();
    await closed.close();
    const result = await addSupplierAction(null, supplierForm({ name: 'Nobody home', baseUrl: closed.url, apiKey: closed.apiKey }));
    expect(result).toMatchObject({ ok: false, code: 'ops.suppliers.errors.connection.unavailable' });
    expect(await database.db.select().from(suppliers).where(eq(suppliers.name, 'Nobody home'))).toEqual([]);
  });

  it('refuses a loopback address outside tests (the address rule), before any call', async () => {
    delete process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES;
    const before = octo.requests.length;
    try {
      const result = await addSupplierAction(null, supplierForm({ name: 'Loopback' }));
      expect(result).toMatchObject({ ok: false, status: 422 });
      expect(result.ok ? null : Object.keys(result.fieldErrors)).toEqual(['baseUrl']);
    } finally {
      process.env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES = 'on';
    }
    expect(octo.requests.length).toBe(before);
    expect(await database.db.select().from(suppliers).where(eq(suppliers.name, 'Loopback'))).toEqual([]);
  });

  it('stores the key sealed, shows only its hint, and never answers it back', async () => {
    const row = await addSupplier('Red Dunes Tours');
    expect(row.apiKeySealed).not.toContain(octo.apiKey);
    expect(openSecret(row.apiKeySealed)).toBe(octo.apiKey);
    expect(row.apiKeyHint).toBe(octo.apiKey.slice(-4));
    expect(row).toMatchObject({ baseUrl: octo.url.replace(/\/+$/, ''), currency: 'AED', capabilities: ['octo/pricing', 'octo/content'] });
    // Not in the pages' data, nor the audit trail.
    const everything = JSON.stringify([await listSuppliers(database.db, admin), await loadSupplier(database.db, admin, row.id)]);
    expect(everything).toContain(row.apiKeyHint);
    expect(everything).not.toContain(octo.apiKey);
    expect(everything).not.toContain(row.apiKeySealed);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(octo.apiKey);
    expect(JSON.stringify(audit)).not.toContain(row.apiKeySealed);
  });

  it('replaces the key only after the new one works, answering no key', async () => {
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.name, 'Red Dunes Tours'));
    const refused = await replaceSupplierKeyAction(null, form({ supplierId: row!.id, apiKey: 'another-wrong-key' }));
    expect(refused).toMatchObject({ ok: false, code: 'ops.suppliers.errors.connection.unauthorized' });
    const [unchanged] = await database.db.select().from(suppliers).where(eq(suppliers.id, row!.id));
    expect(unchanged!.apiKeySealed).toBe(row!.apiKeySealed);
    const replaced = await replaceSupplierKeyAction(null, form({ supplierId: row!.id, apiKey: octo.apiKey }));
    expect(replaced).toEqual({ ok: true, data: { id: row!.id } });
    const [after] = await database.db.select().from(suppliers).where(eq(suppliers.id, row!.id));
    // Sealed again with a fresh nonce: the same key never seals the same twice.
    expect(after!.apiKeySealed).not.toBe(row!.apiKeySealed);
    expect(openSecret(after!.apiKeySealed)).toBe(octo.apiKey);
  });
});

describe('importing, mapping and publishing', () => {
  let supplierId: string;

  beforeAll(async () => {
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.name, 'Red Dunes Tours'));
    supplierId = row!.id;
  });

  async function productRow(externalId: string) {
    const [row] = await database.db
      .select()
      .from(supplierProducts)
      .where(and(eq(supplierProducts.supplierId, supplierId), eq(supplierProducts.externalId, externalId)));
    return row!;
  }

  it('imports every product as a draft tour with an inactive offer per option', async () => {
    const result = await syncSupplierAction(null, form({ supplierId }));
    expect(result).toEqual({ ok: true, data: { imported: CATALOGUE.length, changed: 0, withdrawn: 0 } });
    const safari = await productRow('desert-safari');
    expect(safari).toMatchObject({ status: 'draft', changes: [], pendingSnapshot: null });
    expect(safari.snapshotHash).toMatch(/^[0-9a-f]{64}$/);
    expect(safari.snapshot).toMatchObject({ id: 'desert-safari', title: 'Red Dunes Desert Safari', availabilityType: 'start_time' });
    const [tour] = await database.db.select().from(tours).where(eq(tours.id, safari.tourId!));
    expect(tour).toMatchObject({ isActive: false, title: { en: 'Red Dunes Desert Safari', ru: 'Red Dunes Desert Safari' } });
    expect(tour!.description.en).toContain('red dunes of Lahbab');
    const tourOffers = await database.db.select().from(offers).where(eq(offers.tourId, safari.tourId!));
    expect(tourOffers.map((offer) => offer.supplierOptionId).sort()).toEqual(['evening', 'morning']);
    for (const offer of tourOffers) {
      expect(offer).toMatchObject({ isActive: false, hasLiveAvailability: true, supplierId, supplierProductId: 'desert-safari', supplierMargin: null, pricePerAdult: null });
      expect(offer.supplierUnits).toEqual({ adult: `${offer.supplierOptionId}-adult`, child: `${offer.supplierOptionId}-child`, infant: `${offer.supplierOptionId}-infant` });
    }
    const deck = await productRow('sky-deck');
    const [deckOffer] = await database.db.select().from(offers).where(eq(offers.tourId, deck.tourId!));
    expect(deckOffer!.availabilityType).toBe('opening_hours');
    // Drafts are on no public page.
    expect(revalidated).toEqual([]);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, supplierId), eq(auditLog.action, 'supplier.sync')));
    expect(audit).toMatchObject({ actorStaffId: admin.staffId, changes: { imported: { from: null, to: CATALOGUE.length } } });
  });

  it('writes nothing for products that did not change', async () => {
    const before = await database.db.select({ id: supplierProducts.id, updatedAt: supplierProducts.updatedAt, syncedAt: supplierProducts.syncedAt }).from(supplierProducts).where(eq(supplierProducts.supplierId, supplierId));
    const outcome = await syncSupplierProducts(database.db, supplierId);
    expect(outcome).toMatchObject({ ok: true, imported: 0, changed: 0, withdrawn: 0, unchanged: CATALOGUE.length });
    const after = await database.db.select({ id: supplierProducts.id, updatedAt: supplierProducts.updatedAt, syncedAt: supplierProducts.syncedAt }).from(supplierProducts).where(eq(supplierProducts.supplierId, supplierId));
    expect(after).toEqual(before);
  });

  it('refuses to publish before a margin is set, then publishes priced offers in AED', async () => {
    const safari = await productRow('desert-safari');
    const early = await publishProductAction(null, form({ productId: safari.id }));
    expect(early).toMatchObject({ ok: false, code: 'ops.suppliers.pricing.noMargin' });
    const product = await loadSupplierProduct(database.db, admin, supplierId, safari.id);
    const mapped = await saveProductMappingAction(
      null,
      form({ productId: safari.id, titleEn: 'Red dunes safari', titleRu: 'Сафари по красным дюнам', cityId: product.tour.cityId, categoryId: '', netMarkupPercent: '10', retail: 'supplier', retailMarkupPercent: '' }),
    );
    expect(mapped).toEqual({ ok: true, data: { id: safari.id } });
    const morning = product.offers.find((offer) => offer.optionId === 'morning')!;
    // The morning option sold without its infant unit, under names of our own.
    const option = await saveOptionMappingAction(
      null,
      form({ productId: safari.id, offerId: morning.id, nameEn: 'Morning', nameRu: 'Утро', unitAdult: 'morning-adult', unitChild: 'morning-child', unitInfant: '' }),
    );
    expect(option).toEqual({ ok: true, data: { id: safari.id } });
    const published = await publishProductAction(null, form({ productId: safari.id }));
    expect(published).toEqual({ ok: true, data: { id: safari.id } });
    const [tour] = await database.db.select().from(tours).where(eq(tours.id, safari.tourId!));
    expect(tour).toMatchObject({ isActive: true, title: { en: 'Red dunes safari', ru: 'Сафари по красным дюнам' } });
    expect(revalidated).toContain(`catalog:tour:${tour!.slug}`);
    const [offer] = await database.db.select().from(offers).where(eq(offers.id, morning.id));
    // Net 200.00 + 10 % = 220.00 for agents; the supplier's retail 250.00 recommended. Child: net 100.00 → 110.00, retail 125.00.
    expect(offer).toMatchObject({
      isActive: true,
      hasLiveAvailability: true,
      supplierId,
      supplierProductId: 'desert-safari',
      supplierOptionId: 'morning',
      supplierUnits: { adult: 'morning-adult', child: 'morning-child', infant: null },
      supplierMargin: { netMarkupPercent: 10, retail: 'supplier', retailMarkupPercent: 0 },
      name: { en: 'Morning', ru: 'Утро' },
      pricePerAdult: 22_000,
      recPricePerAdult: 25_000,
      pricePerChild: 11_000,
      recPricePerChild: 12_500,
      pricePerTrip: null,
    });
    expect(await productRow('desert-safari')).toMatchObject({ status: 'published' });
  });

  it('flags a product whose prices changed at the next sync, and accepting recomputes its prices', async () => {
    const safari = await productRow('desert-safari');
    const unit = CATALOGUE.find((product) => product.id === 'desert-safari')!.options.find((option) => option.id === 'morning')!.units.find((entry) => entry.type === 'ADULT')!;
    const net = unit.net;
    unit.net = 21_000;
    try {
      const outcome = await syncSupplierProducts(database.db, supplierId);
      expect(outcome).toMatchObject({ ok: true, imported: 0, changed: 1, withdrawn: 0 });
    } finally {
      unit.net = net;
    }
    const flagged = await productRow('desert-safari');
    expect(flagged).toMatchObject({ status: 'changed', changes: ['prices'], snapshotHash: safari.snapshotHash });
    expect(flagged.pendingSnapshot).not.toBeNull();
    // The tour sells at the accepted prices until the operator accepts.
    const [before] = await database.db.select().from(offers).where(and(eq(offers.tourId, safari.tourId!), eq(offers.supplierOptionId, 'morning')));
    expect(before!.pricePerAdult).toBe(22_000);
    expect(await publishProductAction(null, form({ productId: safari.id }))).toMatchObject({ ok: false, code: 'ops.suppliers.errors.reviewFirst' });

    const accepted = await acceptProductChangesAction(null, form({ productId: safari.id }));
    expect(accepted).toEqual({ ok: true, data: { id: safari.id } });
    const [after] = await database.db.select().from(offers).where(eq(offers.id, before!.id));
    expect(after).toMatchObject({ pricePerAdult: 23_100, isActive: true });
    expect(await productRow('desert-safari')).toMatchObject({ status: 'published', pendingSnapshot: null, changes: [] });
  });

  it('flags a changed description as content, and accepting it follows the supplier where the text was still theirs', async () => {
    const deck = await productRow('sky-deck');
    const product = CATALOGUE.find((entry) => entry.id === 'sky-deck')!;
    const description = product.description;
    // The operator translated the Russian description; the English one is still the supplier's.
    const [tour] = await database.db.select().from(tours).where(eq(tours.id, deck.tourId!));
    await database.db.update(tours).set({ description: { en: tour!.description.en, ru: 'Смотровая площадка.' } }).where(eq(tours.id, deck.tourId!));
    product.description = `${description} Now with a glass floor.`;
    try {
      // The safari too: the supplier went back to its old price, which we accepted away above.
      expect(await syncSupplierProducts(database.db, supplierId)).toMatchObject({ ok: true, changed: 2 });
    } finally {
      product.description = description;
    }
    expect(await productRow('sky-deck')).toMatchObject({ status: 'changed', changes: ['content'] });
    expect(await acceptProductChangesAction(null, form({ productId: deck.id }))).toEqual({ ok: true, data: { id: deck.id } });
    const [after] = await database.db.select().from(tours).where(eq(tours.id, deck.tourId!));
    expect(after!.description).toEqual({ en: `${description} Now with a glass floor.`, ru: 'Смотровая площадка.' });
    // A draft accepted stays a draft.
    expect(await productRow('sky-deck')).toMatchObject({ status: 'draft', changes: [], pendingSnapshot: null });
  });

  it('withdraws a product the supplier no longer lists and takes its tour off sale', async () => {
    const safari = await productRow('desert-safari');
    const index = CATALOGUE.findIndex((product) => product.id === 'desert-safari');
    const [removed] = CATALOGUE.splice(index, 1);
    try {
      const outcome = await syncSupplierProducts(database.db, supplierId);
      expect(outcome).toMatchObject({ ok: true, withdrawn: 1 });
    } finally {
      CATALOGUE.splice(index, 0, removed!);
    }
    expect(await productRow('desert-safari')).toMatchObject({ status: 'withdrawn' });
    const [tour] = await database.db.select().from(tours).where(eq(tours.id, safari.tourId!));
    expect(tour!.isActive).toBe(false);
    const active = await database.db.select().from(offers).where(and(eq(offers.tourId, safari.tourId!), eq(offers.isActive, true)));
    expect(active).toEqual([]);
  });

  it('keeps a supplier that is down as its last sync error, and tells the operator', async () => {
    octo.setDown(true);
    try {
      const result = await syncSupplierAction(null, form({ supplierId }));
      expect(result).toMatchObject({ ok: false, code: 'ops.suppliers.errors.connection.timeout' });
    } finally {
      octo.setDown(false);
    }
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(row!.lastSyncError).toBe('timeout');
    // The list shows it failing, with the timed-out call in the last hour's error rate.
    await flushSupplierCallStats(database.db);
    const listed = (await listSuppliers(database.db, admin)).find((entry) => entry.id === supplierId)!;
    expect(listed).toMatchObject({ lastSyncError: 'timeout', breaker: 'closed', failuresLastHour: 1 });
    expect(listed.callsLastHour).toBeGreaterThan(1);
    expect(listed.errorRate).toBeCloseTo(1 / listed.callsLastHour);
  });
});

describe('two syncs at once', () => {
  it('import each product once', async () => {
    const row = await addSupplier('Twin Sync Tours');
    // The supplier answers slowly, so both syncs have read what we hold (nothing) before either imports.
    octo.setDelay(300);
    let outcomes;
    try {
      outcomes = await Promise.all([syncSupplierProducts(database.db, row.id), syncSupplierProducts(database.db, row.id)]);
    } finally {
      octo.setDelay(0);
    }
    const counts = outcomes.map((outcome) => (outcome.ok ? outcome : { imported: -1, unchanged: -1 }));
    // The control: neither sync saw the other's products as already held, so each tried every one ...
    expect(counts.map((count) => count.unchanged)).toEqual([0, 0]);
    // ... and the claim on the unique index let exactly one import each.
    expect(counts[0]!.imported + counts[1]!.imported).toBe(CATALOGUE.length);
    const products = await database.db.select().from(supplierProducts).where(eq(supplierProducts.supplierId, row.id));
    expect(products).toHaveLength(CATALOGUE.length);
    const importedTours = await database.db
      .select({ id: tours.id })
      .from(tours)
      .innerJoin(offers, eq(offers.tourId, tours.id))
      .where(eq(offers.supplierId, row.id))
      .groupBy(tours.id);
    expect(importedTours).toHaveLength(CATALOGUE.length);
  });
});

describe('the scheduled re-sync', () => {
  it('syncs only the active suppliers not synced within the hour', async () => {
    const now = new Date();
    const rows = await database.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
    const stale = rows.find((row) => row.name === 'Twin Sync Tours')!;
    const fresh = rows.find((row) => row.name === 'Red Dunes Tours')!;
    await database.db.update(suppliers).set({ lastSyncAt: new Date(now.getTime() - 61 * 60_000) }).where(eq(suppliers.id, stale.id));
    await database.db.update(suppliers).set({ lastSyncAt: new Date(now.getTime() - 59 * 60_000) }).where(eq(suppliers.id, fresh.id));
    // The supplier stopped listing its observation deck meanwhile: its tour's pages are renewed.
    const index = CATALOGUE.findIndex((product) => product.id === 'sky-deck');
    const [removed] = CATALOGUE.splice(index, 1);
    const renewed: string[][] = [];
    try {
      await syncDueSuppliers(database.db, now, async (tags) => void renewed.push(tags));
    } finally {
      CATALOGUE.splice(index, 0, removed!);
    }
    const [deck] = await database.db
      .select({ slug: tours.slug })
      .from(supplierProducts)
      .innerJoin(tours, eq(tours.id, supplierProducts.tourId))
      .where(and(eq(supplierProducts.supplierId, stale.id), eq(supplierProducts.externalId, 'sky-deck')));
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toContain(`catalog:tour:${deck!.slug}`);
    const after = await database.db.select({ id: suppliers.id, lastSyncAt: suppliers.lastSyncAt, lastSyncError: suppliers.lastSyncError }).from(suppliers);
    expect(after.find((row) => row.id === stale.id)).toMatchObject({ lastSyncAt: now, lastSyncError: null });
    expect(after.find((row) => row.id === fresh.id)!.lastSyncAt).toEqual(new Date(now.getTime() - 59 * 60_000));
  });
});
