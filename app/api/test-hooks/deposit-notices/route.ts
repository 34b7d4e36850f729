import { z } from 'zod';
import { decideDepositNotice } from '@/server/top-up/credit-deposit-notice';
import { findDepositNoticeId } from '@/server/top-up/deposit-notice-lookup';
import { runRoute, TEST_HOOK } from '@/server/http/run-route';

const decisionSchema = z.object({ bankReference: z.string().min(1), decision: z.enum(['credit', 'reject']) });

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: credits or rejects the
 * deposit notice with a bank reference, through the same server function. A 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: TEST_HOOK,
  body: { kind: 'json', schema: decisionSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { db }) => decideDepositNotice(db, await findDepositNoticeId(db, body.bankReference), body.decision),
});
