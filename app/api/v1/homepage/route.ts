import { z } from 'zod';
import { loadHomeData } from '@/server/catalog/queries';
import { currencyField, languageField } from '@/server/http/api-schemas';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * Spec §7 public `GET /homepage (language, currencyCode)`: the home page's categories, cities and
 * featured tours (texts in both languages; prices AED fils, as the home page shows them).
 */
export const GET = runRoute({
  permission: PUBLIC,
  query: z.object({ language: languageField, currencyCode: currencyField }),
  doc: { tag: 'Catalogue', summary: 'The home page: categories, cities and featured tours' },
  run: async (_input, { db }) => loadHomeData(db),
});
