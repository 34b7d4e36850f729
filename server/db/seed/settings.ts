import { settings } from '../schema';
import type { Database } from '../connection';
import { DEFAULT_SETTINGS } from '@/server/settings/defaults';

/** Writes any setting the database lacks; never overwrites the operator's values. */
export async function ensureDefaultSettings(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}
