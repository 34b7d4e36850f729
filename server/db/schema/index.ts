// The database schema (pg-core, one for PGlite and PostgreSQL), one file per domain. Everything
// imports it from here (`@/server/db/schema`), and drizzle-kit reads this file (drizzle.config.ts),
// so a table in a new file counts only once it is exported below.

export * from './agencies';
export * from './staff';
export * from './catalogue';
export * from './settings';
export * from './bookings';
export * from './ledger';
export * from './credit';
export * from './payments';
export * from './files';
export * from './agency-profiles';
export * from './widgets';
export * from './mail';
export * from './audit';
export * from './jobs';
export * from './api-access';
export * from './webhooks';
export * from './suppliers';
export * from './supplier-products';
export * from './own-inventory-holds';
export * from './telemetry';
export * from './replays';
export * from './dashboard';
export * from './amendments';
export * from './quotes';
