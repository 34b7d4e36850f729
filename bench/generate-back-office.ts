// The back-office data set of the back office's targets: 1,000,000 bookings over 200 agencies (one of them
// heavy, with more than 100,000, for the list and export targets) and a month of 10,000 ledger
// entries for that agency (the statement target). Run with tsx BEFORE the portal opens the same
// database: `DATA_DIR=… npx tsx --conditions=react-server bench/generate-back-office.ts` (or DATABASE_URL=… for PostgreSQL).
// Rows are made by the database itself (generate_series), so a million takes a few minutes.
import { sql } from 'drizzle-orm';
import { databaseConfigFromEnv, openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 200);
/** The heavy agency's share of all bookings. */
const HEAVY_SHARE = 0.15;
const STATEMENT_ENTRIES = 10_000;
/** The month whose statement has STATEMENT_ENTRIES entries (for the heavy agency). */
export const STATEMENT_MONTH = '2026-10';
export const HEAVY_AGENT = 'senior@bench-001.test';

async function main() {
  const connection = await openDatabase(databaseConfigFromEnv());
  const { db } = connection;
  const started = Date.now();
  const log = (message: string) => console.error(`[generate] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    await migrateDatabase(connection);
    await seedDemoData(db, { today: new Date() });
    log('demo data ready');

    // Agencies 001–200, each with a senior agent who signs in with the demo password.
    await db.execute(sql`
      INSERT INTO agencies (id, name, status, credit_limit_minor, balance_minor)
      SELECT md5('bench-agency-' || n)::uuid, 'Bench Agency ' || lpad(n::text, 3, '0'), 'active', 10000000, 0
      FROM generate_series(1, ${AGENCIES}) AS n
      ON CONFLICT (id) DO NOTHING`);
    await db.execute(sql`
      INSERT INTO users (agency_id, email, name, role, status, password_hash)
      SELECT md5('bench-agency-' || n)::uuid, 'senior@bench-' || lpad(n::text, 3, '0') || '.test', 'Bench Senior ' || n, 'senior', 'active',
        (SELECT password_hash FROM users WHERE email = 'senior@desertrose.test')
      FROM generate_series(1, ${AGENCIES}) AS n
      ON CONFLICT (email) DO NOTHING`);
    log(`${AGENCIES} agencies`);

    // Bookings: agency 1 takes HEAVY_SHARE, the rest round-robin; dates spread over two years.
    const heavy = Math.round(BOOKINGS * HEAVY_SHARE);
    const batch = 100_000;
    for (let from = 1; from <= BOOKINGS; from += batch) {
      const to = Math.min(BOOKINGS, from + batch - 1);
      await db.execute(sql`
        WITH offer_list AS (
          SELECT o.id AS offer_id, o.tour_id, row_number() OVER (ORDER BY o.id) - 1 AS k, count(*) OVER () AS n
          FROM offers o
        ), rows AS (
          SELECT i,
            CASE WHEN i <= ${heavy} THEN 1 ELSE 2 + (i % (${AGENCIES} - 1)) END AS agency_no
          FROM generate_series(${from}::int, ${to}::int) AS i
        )
        INSERT INTO bookings (reference, agency_id, agent_id, tour_id, offer_id, tour_date, start_time, adults, children, infants,
          guest_name, guest_phone, guest_email, payment_method, status, request_reason, published_total_minor, net_total_minor, paid_minor,
          locale, idempotency_key, created_at)
        SELECT 'BX-' || lpad(to_hex(i), 8, '0'),
          md5('bench-agency-' || r.agency_no)::uuid,
          u.id, ol.tour_id, ol.offer_id,
          (date '2025-06-01' + (i % 700)),
          '10:00', 1 + i % 3, i % 2, 0,
          'Guest ' || i, '+971500000000', 'guest' || i || '@example.test',
          (CASE WHEN i % 10 = 0 THEN 'request' WHEN i % 3 = 0 THEN 'cash' ELSE 'balance' END)::payment_method,
          (CASE WHEN i % 10 = 0 THEN 'quotation_request' WHEN i % 17 = 0 THEN 'cancelled' ELSE 'completed' END)::booking_status,
          -- Every request carries its reason, as the booking path always sets it (the dashboard's open requests read it).
          CASE WHEN i % 10 = 0 THEN 'noLiveAvailability' END,
          20000 + (i % 50) * 1000, 16000 + (i % 50) * 800, CASE WHEN i % 10 <> 0 AND i % 3 <> 0 THEN 16000 + (i % 50) * 800 ELSE 0 END,
          'en', md5('bench-booking-' || i),
          timestamptz '2025-05-01 08:00+04' + (i % 700) * interval '1 day' + (i % 86400) * interval '1 second'
        FROM rows r
        JOIN offer_list ol ON ol.k = i % ol.n
        JOIN users u ON u.email = 'senior@bench-' || lpad(r.agency_no::text, 3, '0') || '.test'
        ON CONFLICT DO NOTHING`);
      log(`bookings ${to.toLocaleString('en')}`);
    }

    // The heavy agency's statement month: STATEMENT_ENTRIES entries with a consistent running balance.
    await db.execute(sql`
      INSERT INTO ledger_entries (agency_id, kind, debit_minor, credit_minor, balance_after_minor, description, created_at)
      SELECT md5('bench-agency-1')::uuid,
        (CASE WHEN i % 5 = 0 THEN 'deposit' ELSE 'booking' END)::ledger_entry_kind,
        CASE WHEN i % 5 = 0 THEN 0 ELSE 16000 END,
        CASE WHEN i % 5 = 0 THEN 64000 ELSE 0 END,
        sum(CASE WHEN i % 5 = 0 THEN 64000 ELSE -16000 END) OVER (ORDER BY i),
        'Bench entry ' || i,
        ${`${STATEMENT_MONTH}-01 00:00+04`}::timestamptz + i * (interval '31 days' / ${STATEMENT_ENTRIES + 1}::int)
      FROM generate_series(1, ${STATEMENT_ENTRIES}) AS i
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entries WHERE agency_id = md5('bench-agency-1')::uuid)`);
    await db.execute(sql`
      UPDATE agencies SET balance_minor = (
        SELECT balance_after_minor FROM ledger_entries WHERE agency_id = agencies.id ORDER BY created_at DESC LIMIT 1)
      WHERE id = md5('bench-agency-1')::uuid`);
    log(`ledger: ${STATEMENT_ENTRIES} entries in ${STATEMENT_MONTH}`);
    await db.execute(sql`ANALYZE`);
    log('done');
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
