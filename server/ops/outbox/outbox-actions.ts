'use server';

import 'server-only';
import { z } from 'zod';
import { runOpsAction } from '@/server/actions/run-action';
import { resendOutboxMail } from './resend-mail';

const resendSchema = z.object({ id: z.uuid({ error: 'opsOutbox.errors.notFound' }) });

/** Resends one outbox mail. */
export const resendMailAction = runOpsAction({ schema: resendSchema, permission: 'ops:outbox', run: (input, { staff, db }) => resendOutboxMail(db, staff, input.id) });
