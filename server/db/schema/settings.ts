import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { updatedAt } from './columns';

/** Operator-maintained settings: exchange rates, refund tiers, fees, support contacts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
