'use server';

import 'server-only';
import { z } from 'zod';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { resendOutboxMail } from './resend-mail';

const resendSchema = z.object({ id: z.uuid({ error: 'opsOutbox.errors.notFound' }) });

/** Resends one outbox mail. */
export async function resendMailAction(_previous: unknown, formData: FormData): Promise<ActionResult<{ resentAt: string }, 'id'>> {
  return runOpsAction({ schema: resendSchema, permission: 'ops:outbox', run: (input, { staff, db }) => resendOutboxMail(db, staff, input.id) }, Object.fromEntries(formData));
}
