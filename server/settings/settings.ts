import 'server-only';
import type { Database, Transaction } from '@/server/db/connection';
import { settings } from '@/server/db/schema';
import { DEFAULT_SETTINGS, type Settings } from './defaults';

/** The operator's settings; a key the database lacks keeps its default. Never cached: rates change. */
export async function loadSettings(db: Database | Transaction): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...DEFAULT_SETTINGS, ...(stored as Partial<Settings>) };
}
