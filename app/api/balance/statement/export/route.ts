import { statementExportResponse } from '@/server/exports/statement-export';
import { runRoute } from '@/server/http/run-route';

/** Spec §2 "Balance": a month's daily statement (`?month=yyyy-MM`) as an xlsx, streamed a batch at a time. */
export const GET = runRoute({
  permission: 'balance:view',
  run: async (_input, { principal, db, locale, request }) =>
    statementExportResponse(db, principal, new URL(request.url).searchParams.get('month'), locale),
});
