// The supplier availability bench's catalogue (bench/supplier-availability.ts): a supplier stored as
// the console stores one (its key sealed), pointing at the local OCTO supplier the bench started,
// and one live offer of the demo catalogue sold as that supplier's option, beside an offer of our
// own inventory to compare with. Prints `{ supplierOfferId, ownOfferId, tourSlug }` on stdout.
// `DATA_DIR=… AUTH_SECRET=… npx tsx --conditions=react-server bench/seed-supplier-offer.ts <base URL> <API key>`
// (or DATABASE_URL=…). On the embedded database run it BEFORE the portal opens the directory;
// migrates and seeds the demo first, as the portal's start would. The portal must run with the
// same AUTH_SECRET (or SUPPLIER_KEYS_SECRET), which seals the key.
import { and, asc, eq, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { databaseConfigFromEnv, openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { availabilitySlots, bookings, offers, suppliers, tours } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { sealSecret } from '../server/suppliers/secret-box';

async function main(baseUrl: string | undefined, apiKey: string | undefined) {
  if (!baseUrl || !apiKey) throw new Error('Usage: tsx bench/seed-supplier-offer.ts <supplier base URL> <API key>');
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateDatabase(connection);
    await seedDemoData(connection.db, { today: new Date() });
    const { db } = connection;
    // Live shared-stock offers of active tours, in a stable order: the first becomes the
    // supplier's, the first of another tour stays ours.
    const live = await db
      .select({ id: offers.id, tourId: offers.tourId, slug: tours.slug })
      .from(offers)
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(and(eq(offers.hasLiveAvailability, true), eq(offers.isActive, true), eq(tours.isActive, true), eq(offers.stockMode, 'shared'), isNull(offers.pricePerTrip), ne(offers.pickUp, 'included')))
      .orderBy(asc(tours.slug), asc(offers.position));
    const supplierOffer = live[0];
    const ownOffer = live.find((offer) => offer.tourId !== supplierOffer?.tourId);
    if (!supplierOffer || !ownOffer) throw new Error('the demo catalogue has no two live offers of different tours');
    const [supplier] = await db
      .insert(suppliers)
      .values({ name: 'Bench OCTO supplier', baseUrl, apiKeySealed: sealSecret(apiKey), apiKeyHint: apiKey.slice(-4), capabilities: ['octo/pricing'], currency: 'AED' })
      .returning({ id: suppliers.id });
    await db
      .update(offers)
      .set({
        supplierId: supplier!.id,
        supplierProductId: 'desert-safari',
        supplierOptionId: 'evening',
        availabilityType: 'start_time',
        supplierUnits: { adult: 'evening-adult', child: 'evening-child', infant: 'evening-infant' },
      })
      .where(eq(offers.id, supplierOffer.id));
    // Our offer gets the supplier option's shape (15:00 and 16:30 every day, 10 seats), so both
    // months answer the same slots and the comparison is of the source, not of the answer's size.
    // (Slots a demo booking holds stay: their bookings point at them.)
    await db
      .delete(availabilitySlots)
      .where(and(eq(availabilitySlots.offerId, ownOffer.id), notInArray(availabilitySlots.id, db.select({ id: sql<string>`${bookings.slotId}` }).from(bookings).where(isNotNull(bookings.slotId)))));
    const today = Date.now();
    const days = Array.from({ length: 300 }, (_, offset) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10));
    await db
      .insert(availabilitySlots)
      .values(days.flatMap((date) => ['15:00', '16:30'].map((startTime) => ({ offerId: ownOffer.id, date, startTime, left: 10 }))))
      .onConflictDoUpdate({ target: [availabilitySlots.offerId, availabilitySlots.date, availabilitySlots.startTime], set: { left: 10 } });
    process.stdout.write(JSON.stringify({ supplierId: supplier!.id, supplierOfferId: supplierOffer.id, ownOfferId: ownOffer.id, tourSlug: supplierOffer.slug }));
  } finally {
    await connection.close();
  }
}

const [baseUrl, apiKey] = process.argv.slice(2);
main(baseUrl, apiKey).catch((error: unknown) => {
  console.error('[bench:suppliers] seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
