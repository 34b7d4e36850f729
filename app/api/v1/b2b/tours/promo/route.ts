import { z } from 'zod';
import { loadHomeData } from '@/server/catalog/queries';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { LOCALES } from '@/i18n/locales';

/** Spec §7 public `GET /b2b/tours/promo (Language)`: the featured tours of the home page's promo block. */
export const GET = runRoute({
  permission: PUBLIC,
  query: z.object({ Language: z.enum(LOCALES, { error: `One of ${LOCALES.join(', ')}` }).optional() }),
  doc: { tag: 'Catalogue', summary: 'The featured (promo) tours' },
  run: async (_input, { db }) => (await loadHomeData(db)).featured,
});
