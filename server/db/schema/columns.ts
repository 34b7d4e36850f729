import { timestamp } from 'drizzle-orm/pg-core';

// The timestamps most tables carry, defined once so every table writes them the same way.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
