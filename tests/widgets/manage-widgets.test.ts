import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { auditLog, offers, widgetOffers, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { Forbidden, InvalidFields, NotFound, RuleViolation } from '@/server/errors';
import { lowestAllowedSalePrice, minimumSalePrice } from '@/shared/widgets/widget-pricing';
import { aedInput, emptyWidgetValues, type WidgetFormValues, type WidgetInput, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { loadWidgetCatalogue } from '@/server/widgets/widget-catalogue';
import { createWidget, deleteWidget, duplicateWidget, updateWidget } from '@/server/widgets/manage-widgets';
import { listWidgets, loadWidgetForEditor } from '@/server/widgets/widget-queries';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let admin: Principal;
let otherAdmin: Principal;
let senior: Principal;
let junior: Principal;
/** Two per-person offers of different tours, and their b2b costs. */
let first: { id: string; tourId: string; adult: number; child: number | null };
let second: { id: string; tourId: string; adult: number; child: number | null };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date('2026-11-21T08:00:00Z') });
  await seedAgencies(database.db);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  otherAdmin = await principalFor(database.db, 'admin@gulfhorizons.test');
  senior = await principalFor(database.db, 'senior@desertrose.test');
  junior = await principalFor(database.db, 'junior@desertrose.test');
  const catalogue = await loadWidgetCatalogue(database.db);
  const perPerson = [...catalogue.entries()].filter(([, cost]) => cost.b2b.adult !== null && cost.b2b.trip === null);
  const [a, b] = [perPerson[0]!, perPerson.find(([, cost]) => cost.tourId !== perPerson[0]![1].tourId)!];
  first = { id: a[0], tourId: a[1].tourId, adult: a[1].b2b.adult!, child: a[1].b2b.child };
  second = { id: b[0], tourId: b[1].tourId, adult: b[1].b2b.adult!, child: b[1].b2b.child };
});
afterAll(() => database.dispose());

/** The offer at the lowest prices the discount allows, or the adult price given. */
const priced = (offer: typeof first, adult?: number, discount = 0) => ({
  offerId: offer.id,
  saleAdult: aedInput(adult ?? lowestAllowedSalePrice(offer.adult, discount)),
  saleChild: offer.child === null ? '' : aedInput(lowestAllowedSalePrice(offer.child, discount)),
  saleTrip: '',
});

function input(overrides: Partial<WidgetFormValues> = {}): WidgetInput {
  return widgetFormSchema.parse({ ...emptyWidgetValues('en'), name: 'Desert tours', offers: [priced(first), priced(second)], ...overrides });
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('widget changes', () => {
  it('creates a widget with its offers at sale prices, listed for its agency only', async () => {
    const { id } = await createWidget(database.db, admin, input({ domain: 'Tours.DesertRose.test' }));
    const [row] = await database.db.select().from(widgets).where(eq(widgets.id, id));
    expect(row).toMatchObject({ agencyId: admin.agencyId, name: 'Desert tours', domain: 'tours.desertrose.test', domainStatus: 'pending' });
    expect(row!.domainToken).toMatch(/^traveldesk-verify=[0-9a-f]{32}$/);
    const stored = await database.db.select().from(widgetOffers).where(eq(widgetOffers.widgetId, id)).orderBy(widgetOffers.position);
    expect(stored.map((offer) => [offer.offerId, offer.saleAdultMinor])).toEqual([
      [first.id, minimumSalePrice(first.adult)],
      [second.id, minimumSalePrice(second.adult)],
    ]);
    expect((await listWidgets(database.db, admin)).find((widget) => widget.id === id)).toMatchObject({ offersCount: 2, domainStatus: 'pending' });
    expect((await listWidgets(database.db, otherAdmin)).some((widget) => widget.id === id)).toBe(false);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'widget.create')));
    expect(audit).toBeDefined();
  });

  it('refuses a sale price under 5% above cost, after the discount, at the price field, storing nothing', async () => {
    const before = await database.db.$count(widgets);
    const justUnder = minimumSalePrice(first.adult) - 1;
    const error = await refusal(createWidget(database.db, admin, input({ offers: [priced(first, justUnder)] })));
    expect(error).toBeInstanceOf(InvalidFields);
    expect((error as InvalidFields).fieldErrors).toEqual({ 'offers.0.saleAdult': 'widgets.errors.salePriceTooLow' });

    // The minimum itself passes without a discount, and is refused once 10% comes off it.
    const atMinimum = input({ offers: [priced(first, minimumSalePrice(first.adult), 10)], discountPercent: '10' });
    expect(((await refusal(createWidget(database.db, admin, atMinimum))) as InvalidFields).fieldErrors['offers.0.saleAdult']).toBe('widgets.errors.salePriceTooLow');
    expect(await database.db.$count(widgets)).toBe(before);

    // The editor's suggestion for a discount keeps the margin.
    const { id } = await createWidget(database.db, admin, input({ offers: [priced(first, undefined, 10)], discountPercent: '10' }));
    expect(id).toBeTruthy();
  });

  it('refuses a widget without offers, an unknown offer and a single-tour widget (site or embed) with two tours', async () => {
    expect(((await refusal(createWidget(database.db, admin, input({ offers: [] })))) as InvalidFields).fieldErrors).toEqual({ offers: 'widgets.errors.noOffers' });
    const unknown = { ...priced(first), offerId: '00000000-0000-4000-8000-00000000dead' };
    expect(((await refusal(createWidget(database.db, admin, input({ offers: [unknown] })))) as InvalidFields).fieldErrors).toEqual({
      'offers.0.offerId': 'widgets.errors.offerUnavailable',
    });
    expect(((await refusal(createWidget(database.db, admin, input({ type: 'single_tour' })))) as InvalidFields).fieldErrors).toEqual({ offers: 'widgets.errors.singleTour' });
    // The single-tour embed too; the multi-tour embed sells both tours.
    expect(((await refusal(createWidget(database.db, admin, input({ type: 'embedded' })))) as InvalidFields).fieldErrors).toEqual({ offers: 'widgets.errors.singleTour' });
    expect((await createWidget(database.db, admin, input({ type: 'multi_tour_embedded' }))).id).toBeTruthy();
  });

  it('refuses an inactive offer: the catalogue is read inside the save', async () => {
    await database.db.update(offers).set({ isActive: false }).where(eq(offers.id, second.id));
    try {
      const error = await refusal(createWidget(database.db, admin, input()));
      expect((error as InvalidFields).fieldErrors).toEqual({ 'offers.1.offerId': 'widgets.errors.offerUnavailable' });
    } finally {
      await database.db.update(offers).set({ isActive: true }).where(eq(offers.id, second.id));
    }
  });

  it("refuses the portal's own hosts as a domain", async () => {
    for (const domain of ['partner.localhost', 'shop.ru.localhost']) {
      const error = await refusal(createWidget(database.db, admin, input({ domain })));
      expect(error).toBeInstanceOf(RuleViolation);
      expect(error).toMatchObject({ code: 'widgets.errors.domainTaken', field: 'domain' });
    }
  });

  it('edits a widget: a changed domain starts over at pending, the offers are replaced', async () => {
    const { id } = await createWidget(database.db, admin, input({ domain: 'book.desertrose.test' }));
    await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
    await updateWidget(database.db, admin, id, input({ name: 'Renamed', domain: 'book.desertrose.test', offers: [priced(second)] }));
    const kept = await loadWidgetForEditor(database.db, admin, id);
    expect(kept.values).toMatchObject({ name: 'Renamed', domain: 'book.desertrose.test' });
    expect(kept.domain.status).toBe('verified');
    expect(kept.values.offers.map((offer) => offer.offerId)).toEqual([second.id]);

    await updateWidget(database.db, admin, id, input({ domain: 'www.desertrose.test' }));
    expect((await loadWidgetForEditor(database.db, admin, id)).domain).toMatchObject({ domain: 'www.desertrose.test', status: 'pending', checkedAt: null });
  });

  it('refuses a domain another widget has verified', async () => {
    const { id } = await createWidget(database.db, otherAdmin, input({ domain: 'claimed.gulfhorizons.test' }));
    await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
    const error = await refusal(createWidget(database.db, admin, input({ domain: 'claimed.gulfhorizons.test' })));
    expect(error).toMatchObject({ code: 'widgets.errors.domainTaken', field: 'domain' });
  });

  it('duplicates with the offers and without the domain, and deletes from the list', async () => {
    const { id } = await createWidget(database.db, admin, input({ domain: 'dup.desertrose.test', discountPercent: '0' }));
    const copy = await duplicateWidget(database.db, admin, id, (name) => `${name} (copy)`);
    const loaded = await loadWidgetForEditor(database.db, admin, copy.id);
    expect(loaded.values).toMatchObject({ name: 'Desert tours (copy)', domain: '' });
    expect(loaded.values.offers).toHaveLength(2);
    expect(loaded.domain.token).not.toBe((await loadWidgetForEditor(database.db, admin, id)).domain.token);

    await deleteWidget(database.db, admin, copy.id);
    expect((await listWidgets(database.db, admin)).some((widget) => widget.id === copy.id)).toBe(false);
    await expect(loadWidgetForEditor(database.db, admin, copy.id)).rejects.toBeInstanceOf(NotFound);
  });

  it("keeps another agency and the agency's juniors and seniors out", async () => {
    const { id } = await createWidget(database.db, admin, input());
    const before = await database.db.select().from(widgets).where(eq(widgets.id, id));
    await expect(loadWidgetForEditor(database.db, otherAdmin, id)).rejects.toBeInstanceOf(NotFound);
    await expect(updateWidget(database.db, otherAdmin, id, input({ name: 'Taken over' }))).rejects.toBeInstanceOf(NotFound);
    await expect(duplicateWidget(database.db, otherAdmin, id, (name) => name)).rejects.toBeInstanceOf(NotFound);
    await expect(deleteWidget(database.db, otherAdmin, id)).rejects.toBeInstanceOf(NotFound);
    for (const agent of [senior, junior]) {
      await expect(listWidgets(database.db, agent)).rejects.toBeInstanceOf(Forbidden);
      await expect(createWidget(database.db, agent, input())).rejects.toBeInstanceOf(Forbidden);
      await expect(updateWidget(database.db, agent, id, input())).rejects.toBeInstanceOf(Forbidden);
      await expect(deleteWidget(database.db, agent, id)).rejects.toBeInstanceOf(Forbidden);
    }
    expect(await database.db.select().from(widgets).where(eq(widgets.id, id))).toEqual(before);
  });
});

describe('widget form', () => {
  it('refuses control characters, bad links and script-looking contacts at their fields', () => {
    const result = widgetFormSchema.safeParse({
      ...emptyWidgetValues('en'),
      name: 'Bad\u0000name',
      heroVideoUrl: 'javascript:alert(1)',
      contacts: { ...emptyWidgetValues('en').contacts, email: '<script>@x', mapLink: 'http://maps.example.com' },
      discountPercent: '95',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      name: 'errors.controlCharacters',
      heroVideoUrl: 'widgets.errors.url',
      'contacts.email': 'widgets.errors.email',
      'contacts.mapLink': 'widgets.errors.url',
      discountPercent: 'widgets.errors.discount',
    });
  });
});
