/**
 * Marks a test whose outcome the database engine can change: background jobs on pg-boss (payment
 * webhooks and holds, card top-ups, the monthly credit invoices), concurrent writes under row
 * locks (bookings, the balance, confirming requests), session revocation, the export's
 * server-side cursor. CI's PostgreSQL run takes only these (playwright.config.ts); every test runs
 * on PGlite. What a page shows, its forms and messages would only repeat the PGlite run there: the
 * rules under them are vitest-tested on both databases.
 */
export const ENGINE_SENSITIVE = { tag: '@engine' } as const;
