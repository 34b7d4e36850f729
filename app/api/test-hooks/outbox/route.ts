import { z } from 'zod';
import { runRoute, TEST_HOOK } from '@/server/http/run-route';
import { listOutboxMail } from '@/server/mail/outbox-queries';

/**
 * Lets end-to-end tests read the mail outbox (the embedded database belongs to the server
 * process, so tests cannot open it). A 404 unless TEST_HOOKS=1.
 */
export const GET = runRoute({
  permission: TEST_HOOK,
  query: z.object({ to: z.string().min(1) }),
  run: async ({ query }, { db }) => listOutboxMail(db, query.to),
});
