// The search target's data set: the demo data plus 10,000 generated tours (BENCH_SEARCH_TOURS), each
// with a title in English and Russian, one or two categories, an offer with retail prices and two
// weeks of availability, a photo and a popularity. Run with tsx BEFORE the portal opens the same
// database: `DATA_DIR=… npx tsx --conditions=react-server bench/generate-search-tours.ts` (or
// DATABASE_URL=… for PostgreSQL). The database makes the rows (generate_series); the search columns
// come from the catalogue's own triggers, as for any tour.
import { sql } from 'drizzle-orm';
import { databaseConfigFromEnv, openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';

const TOURS = Number(process.env.BENCH_SEARCH_TOURS ?? 10_000);

async function main() {
  const connection = await openDatabase(databaseConfigFromEnv());
  const { db } = connection;
  const started = Date.now();
  const log = (message: string) => console.error(`[generate-search] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    await migrateDatabase(connection);
    await seedDemoData(db, { today: new Date() });
    log('demo data ready');

    // Titles: an adjective, a kind of tour and a made-up place name of three syllables (3,375 of
    // them), so a word matches a few tours, a kind of tour a tenth of them, a city several thousand.
    await db.execute(sql`
      WITH places AS (SELECT array_agg(id ORDER BY sort_order, slug) AS ids FROM cities),
      words AS (SELECT
        ARRAY['Sunset','Morning','Private','Luxury','Family','Evening','Hidden','Grand','Royal','Classic'] AS adj_en,
        ARRAY['Закатный','Утренний','Частный','Люкс','Семейный','Вечерний','Тайный','Большой','Королевский','Классический'] AS adj_ru,
        ARRAY['Desert Safari','Dhow Cruise','City Tour','Mangrove Kayak','Helicopter Flight','Food Walk','Museum Visit','Yacht Charter','Camel Ride','Mountain Hike'] AS noun_en,
        ARRAY['сафари в пустыне','круиз на доу','обзорный тур','каяк в мангровых зарослях','полёт на вертолёте','гастрономическая прогулка','посещение музея','аренда яхты','прогулка на верблюдах','поход в горы'] AS noun_ru,
        ARRAY['ka','ra','mi','zu','sha','lo','ne','ti','ba','do','fe','gu','ha','ji','ku'] AS syl_en,
        ARRAY['ка','ра','ми','зу','ша','ло','не','ти','ба','до','фе','гу','ха','джи','ку'] AS syl_ru)
      INSERT INTO tours (slug, city_id, title, summary, description, terms, duration_minutes, popularity)
      SELECT 'bench-search-' || g,
        places.ids[1 + g % array_length(places.ids, 1)],
        jsonb_build_object(
          'en', w.adj_en[1 + g % 10] || ' ' || w.noun_en[1 + (g / 10) % 10] || ': ' || initcap(w.syl_en[1 + g % 15] || w.syl_en[1 + (g / 15) % 15] || w.syl_en[1 + (g / 225) % 15]),
          'ru', w.adj_ru[1 + g % 10] || ' ' || w.noun_ru[1 + (g / 10) % 10] || ': ' || w.syl_ru[1 + g % 15] || w.syl_ru[1 + (g / 15) % 15] || w.syl_ru[1 + (g / 225) % 15]),
        '{"en":"A tour generated for the search benchmark.","ru":"Тур для замера поиска."}'::jsonb,
        '{"en":"A tour generated for the search benchmark.","ru":"Тур для замера поиска."}'::jsonb,
        '{"en":"","ru":""}'::jsonb,
        60 + (g * 37) % 600,
        (g * 7919) % 500
      FROM generate_series(1, ${TOURS}) AS g, places, words AS w
      ON CONFLICT (slug) DO NOTHING`);
    log(`${TOURS} tours`);

    await db.execute(sql`
      WITH kinds AS (SELECT array_agg(id ORDER BY sort_order, slug) AS ids FROM categories)
      INSERT INTO tour_categories (tour_id, category_id)
      SELECT t.id, kinds.ids[1 + (abs(hashtext(t.slug)) + k) % array_length(kinds.ids, 1)]
        FROM tours t, kinds, generate_series(0, 1) AS k
       WHERE t.slug LIKE 'bench-search-%' AND (k = 0 OR abs(hashtext(t.slug)) % 2 = 0)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO offers (tour_id, position, name, description, price_per_adult, price_per_child, rec_price_per_adult, rec_price_per_child, has_live_availability)
      SELECT t.id, 0, '{"en":"Standard","ru":"Стандарт"}'::jsonb, '{"en":"","ru":""}'::jsonb,
        p.price * 8 / 10, p.price * 4 / 10, p.price, p.price / 2, abs(hashtext(t.slug)) % 5 <> 0
        FROM tours t CROSS JOIN LATERAL (SELECT 3000 + abs(hashtext(t.slug || 'price')) % 80000 AS price) p
       WHERE t.slug LIKE 'bench-search-%'
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO availability_slots (offer_id, date, start_time, "left")
      SELECT o.id, (now() AT TIME ZONE 'Asia/Dubai')::date + d, '10:00', abs(hashtext(o.id::text || d)) % 12
        FROM offers o JOIN tours t ON t.id = o.tour_id, generate_series(0, 13) AS d
       WHERE t.slug LIKE 'bench-search-%' AND o.has_live_availability
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      WITH urls AS (SELECT array_agg(url ORDER BY url) AS list FROM photos WHERE position = 0)
      INSERT INTO photos (tour_id, position, url, alt)
      SELECT t.id, 0, urls.list[1 + abs(hashtext(t.slug)) % array_length(urls.list, 1)], t.title
        FROM tours t, urls WHERE t.slug LIKE 'bench-search-%'
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`ANALYZE`);
    log('categories, offers, two weeks of slots and photos');
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
