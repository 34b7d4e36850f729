import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
import { loadCatalogImage } from '@/server/files/uploads';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * A public picture (PUBLIC_FILE_PURPOSES: the catalogue's, a widget's, an agency's logo), for
 * anyone; any other file is not found. A file's bytes never change under its id, so browsers and
 * CDNs may keep it for a year.
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ id: z.uuid() }),
  run: async (_input, { db, params }) => {
    const file = await loadCatalogImage(db, params.id);
    const body = await getFileStorage().get(file.storageKey);
    if (!body) throw new NotFound();
    return new Response(body, {
      headers: {
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': file.contentType,
        'content-length': String(file.sizeBytes),
        'x-content-type-options': 'nosniff',
      },
    });
  },
});
