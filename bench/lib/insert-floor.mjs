// The insert floor: how many single-row INSERT transactions per second the portal's kind
// of database takes into a table shaped like `bookings`, from as many concurrent callers as the
// booking load has clients. A booking does that insert and more, so this is its ceiling. Never the
// portal's own database files: a PGlite directory must only ever be open in one process.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closedLoop, percentile, round } from './load.mjs';

/** A cap besides the clock, so a database faster than expected cannot run the bench long. */
const MAX_INSERTS = 200_000;
const LOOPBACK_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]']);

/**
 * `bookings` as server/db/migrations/0002_bookings_ledger.sql creates it, with its unique
 * constraint and indexes (each insert maintains them too) but no foreign keys (no parent rows here).
 */
function schemaSql(schema) {
  return `
    CREATE SCHEMA ${schema};
    CREATE TYPE ${schema}.booking_status AS ENUM('quotation_request', 'payment_required', 'completed', 'cancelled', 'payment_failed');
    CREATE TYPE ${schema}.payment_method AS ENUM('balance', 'cash', 'request');
    CREATE TABLE ${schema}.bookings (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
      "reference" text NOT NULL,
      "agency_id" uuid NOT NULL,
      "agent_id" uuid NOT NULL,
      "tour_id" uuid NOT NULL,
      "offer_id" uuid NOT NULL,
      "slot_id" uuid,
      "tour_date" date NOT NULL,
      "start_time" text,
      "adults" integer NOT NULL,
      "children" integer DEFAULT 0 NOT NULL,
      "infants" integer DEFAULT 0 NOT NULL,
      "guest_name" text NOT NULL,
      "guest_phone" text NOT NULL,
      "guest_email" text NOT NULL,
      "hotel_id" uuid,
      "room" text,
      "pick_up_time" text,
      "notes" text,
      "promo_code_id" uuid,
      "payment_method" ${schema}.payment_method NOT NULL,
      "status" ${schema}.booking_status NOT NULL,
      "request_reason" text,
      "currency" text DEFAULT 'AED' NOT NULL,
      "published_total_minor" integer NOT NULL,
      "net_total_minor" integer NOT NULL,
      "discount_minor" integer DEFAULT 0 NOT NULL,
      "paid_minor" integer DEFAULT 0 NOT NULL,
      "collection_minor" integer DEFAULT 0 NOT NULL,
      "holds_stock" boolean DEFAULT false NOT NULL,
      "locale" text DEFAULT 'en' NOT NULL,
      "idempotency_key" text NOT NULL,
      "refund_minor" integer,
      "cancellation_fee_minor" integer,
      "cancelled_at" timestamp with time zone,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL,
      "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "bookings_reference_unique" UNIQUE("reference")
    );
    CREATE UNIQUE INDEX ON ${schema}.bookings USING btree ("agency_id", "idempotency_key");
    CREATE INDEX ON ${schema}.bookings USING btree ("agency_id", "created_at");
    CREATE INDEX ON ${schema}.bookings USING btree ("agent_id", "created_at");`;
}

/** The columns a booking sets; the casts keep typed parameters (postgres.js) valid for the enums. */
function insertSql(schema) {
  return `INSERT INTO ${schema}.bookings (reference, agency_id, agent_id, tour_id, offer_id, slot_id, tour_date, start_time,
      adults, children, infants, guest_name, guest_phone, guest_email, payment_method, status,
      published_total_minor, net_total_minor, paid_minor, collection_minor, holds_stock, locale, idempotency_key)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 2, 0, 0, 'Bench Guest', '+971500000000', 'bench.guest@example.test',
      'cash'::${schema}.payment_method, 'completed'::${schema}.booking_status, 70000, 59500, 0, 70000, true, 'en', $9)
    RETURNING id`;
}

/** One booking-like row's parameters; the agencies, agents and offer repeat as they do in the portal. */
function rowParameters(sequence, ids) {
  const day = 7 + (sequence % 60);
  return [
    `BF${sequence.toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`,
    ids.agencies[sequence % ids.agencies.length],
    ids.agents[sequence % ids.agents.length],
    ids.tour,
    ids.offer,
    randomUUID(),
    new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10),
    '09:00',
    randomUUID(),
  ];
}

/** `callers` closed-loop callers, each insert its own transaction (as a booking is). */
async function insertLoop({ seconds, callers }, insertOne) {
  const ids = {
    agencies: [randomUUID(), randomUUID()],
    agents: Array.from({ length: 6 }, () => randomUUID()),
    tour: randomUUID(),
    offer: randomUUID(),
  };
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let sequence = 0;
  const elapsed = await closedLoop({ seconds, connections: callers }, async () => {
    if (sequence >= MAX_INSERTS) return false;
    const parameters = rowParameters(sequence++, ids);
    const start = performance.now();
    try {
      await insertOne(parameters);
      latencies.push(performance.now() - start);
    } catch (error) {
      errors += 1;
      firstError ??= error.message;
    }
    return true;
  });
  return {
    perSecond: round(latencies.length / elapsed, 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    inserts: latencies.length,
    errors,
    ...(firstError ? { firstError } : {}),
    seconds: round(elapsed, 1),
    callers,
  };
}

/** A fresh PGlite persisted in a temporary directory, as the portal persists its own. */
async function pgliteFloor(options) {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-insert-floor-'));
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    const schema = 'bench_insert_floor';
    await db.exec(schemaSql(schema));
    const insert = insertSql(schema);
    const [{ version }] = (await db.query('SELECT version()')).rows;
    const result = await insertLoop(options, (parameters) => db.transaction((tx) => tx.query(insert, parameters)));
    return { ...result, database: `${version.split(' on ')[0]}, a fresh directory` };
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A schema of its own in the portal's PostgreSQL, dropped afterwards; a pool as large as the callers. */
async function postgresFloor(url, options) {
  const { hostname, port, pathname } = new URL(url);
  if (!LOOPBACK_HOSTS.has(hostname)) throw new Error(`the insert floor runs on loopback only, not on ${hostname}`);
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: options.callers, onnotice: () => {} });
  const schema = `bench_insert_floor_${randomBytes(4).toString('hex')}`;
  try {
    await sql.unsafe(schemaSql(schema));
    const insert = insertSql(schema);
    const [{ version }] = await sql`SELECT version()`;
    const result = await insertLoop(options, (parameters) => sql.begin((tx) => tx.unsafe(insert, parameters)));
    const where = `${hostname || 'local socket'}:${port || 5432}${pathname}`;
    return { ...result, database: `${version.split(' on ')[0]} at ${where}, pool of ${options.callers}` };
  } finally {
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await sql.end();
  }
}

/**
 * Single-row INSERT transactions per second for `seconds` with `callers` concurrent callers: on
 * PostgreSQL at `databaseUrl` when given, else on a fresh embedded PGlite (which runs one
 * transaction at a time, so the callers queue, as the portal's bookings do).
 */
export function measureInsertFloor({ databaseUrl, seconds, callers }) {
  return databaseUrl ? postgresFloor(databaseUrl, { seconds, callers }) : pgliteFloor({ seconds, callers });
}
