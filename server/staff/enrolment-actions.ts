'use server';

import 'server-only';
import { z } from 'zod';
import { type ActionResult, runPublicAction } from '@/server/actions/run-action';
import { staffPasswordSchema } from './staff-password-schema';
import { text } from '@/shared/text';
import { completeEnrolment } from './staff-enrolment';

// The enrolment link's form: public (the link's token is the credential), like a password reset.

const enrolmentSchema = z.object({
  token: text({ error: 'opsEnrol.errors.linkInvalid' }).min(20, { error: 'opsEnrol.errors.linkInvalid' }).max(100, { error: 'opsEnrol.errors.linkInvalid' }),
  password: staffPasswordSchema,
  code: text({ error: 'opsEnrol.errors.code' }).regex(/^\d{6}$/, { error: 'opsEnrol.errors.code' }),
});

export type EnrolmentResult = ActionResult<{ email: string; recoveryCodes: string[] }> | null;

export const completeEnrolmentAction = runPublicAction({
  schema: enrolmentSchema,
  invalidMessage: 'opsEnrol.invalid',
  run: (input, { db }) => completeEnrolment(db, input),
});
