import type { Database } from '../connection';
import { seedAgencies, seedOpeningBalances } from './agencies';
import { seedPromoCodes } from './promo-codes';
import { seedCatalogue } from './catalogue';
import { ensureDefaultSettings } from './settings';
import { seedStaff } from './staff';
import { seedDemoWidgets } from './widgets';

/** Demo agencies, agents, staff, the UAE catalogue with availability from `today`, and a widget site. Idempotent. */
export async function seedDemoData(db: Database, options: { today: Date }): Promise<void> {
  await ensureDefaultSettings(db);
  await seedAgencies(db);
  await seedStaff(db);
  await seedOpeningBalances(db);
  await seedPromoCodes(db);
  await seedCatalogue(db, { today: options.today });
  await seedDemoWidgets(db);
}
