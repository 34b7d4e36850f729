import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { cities, offers, suppliers, tours } from '@/server/db/schema';
import { sealSecret } from '@/server/suppliers/secret-box';

// A supplier-backed tour for the supplier booking tests and the e2e seed, written straight into
// the catalogue (the console's import and publish are tested on their own): a stored supplier
// with its key sealed, and a published tour whose one offer sells the local OCTO supplier's
// `desert-safari` evening option (tests/support/octo-supplier/catalogue.ts), 15:00 and 16:30.

export type SupplierTour = { supplierId: string; tourId: string; tourSlug: string; offerId: string };

export const SUPPLIER_TOUR_OPTION = { productId: 'desert-safari', optionId: 'evening', times: ['15:00', '16:30'] } as const;

export async function seedSupplierTour(db: Database, supplier: { url: string; apiKey: string }, options: { name?: string } = {}): Promise<SupplierTour> {
  const [city] = await db.select({ id: cities.id }).from(cities).orderBy(asc(cities.sortOrder)).limit(1);
  if (!city) throw new Error('No city seeded');
  const [stored] = await db
    .insert(suppliers)
    .values({
      name: options.name ?? 'Local OCTO Supplier',
      baseUrl: supplier.url,
      apiKeySealed: sealSecret(supplier.apiKey),
      apiKeyHint: supplier.apiKey.slice(-4),
      capabilities: ['octo/pricing', 'octo/content'],
      currency: 'AED',
      externalId: 'local-octo-supplier',
    })
    .returning({ id: suppliers.id });
  const slug = `red-dunes-supplier-safari-${randomUUID().slice(0, 8)}`;
  const [tour] = await db
    .insert(tours)
    .values({
      slug,
      cityId: city.id,
      title: { en: 'Red Dunes Desert Safari (supplier)', ru: 'Сафари по красным дюнам (поставщик)' },
      summary: { en: 'Dune bashing, camel ride and a camp dinner.', ru: 'Катание по дюнам, верблюды и ужин в лагере.' },
      description: { en: 'A 4x4 drive over the red dunes.', ru: 'Поездка на внедорожнике по красным дюнам.' },
      terms: { en: 'Free cancellation up to 24 hours before.', ru: 'Бесплатная отмена за 24 часа.' },
      durationMinutes: 360,
    })
    .returning({ id: tours.id });
  const [offer] = await db
    .insert(offers)
    .values({
      tourId: tour!.id,
      position: 0,
      name: { en: 'Evening safari with dinner', ru: 'Вечернее сафари с ужином' },
      description: { en: 'Picked up in the afternoon, back after dinner.', ru: 'Выезд днём, возвращение после ужина.' },
      // The supplier's net (280 / 140 AED) plus 10%, and its own retail.
      pricePerAdult: 30_800,
      pricePerChild: 15_400,
      recPricePerAdult: 35_000,
      recPricePerChild: 17_500,
      stockMode: 'shared',
      hasLiveAvailability: true,
      availabilityType: 'start_time',
      supplierId: stored!.id,
      supplierProductId: SUPPLIER_TOUR_OPTION.productId,
      supplierOptionId: SUPPLIER_TOUR_OPTION.optionId,
      supplierUnits: { adult: 'evening-adult', child: 'evening-child', infant: 'evening-infant' },
      supplierMargin: { netMarkupPercent: 10, retail: 'supplier', retailMarkupPercent: 0 },
    })
    .returning({ id: offers.id });
  return { supplierId: stored!.id, tourId: tour!.id, tourSlug: slug, offerId: offer!.id };
}
