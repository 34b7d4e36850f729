import 'server-only';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/shared/account/password-policy';
import { STAFF_ROLES } from '@/shared/auth/permissions';
import { text } from '@/shared/text';

const E = (key: string) => `opsStaff.errors.${key}`;

const staffId = z.uuid({ error: E('notFound') });

export const createStaffSchema = z.object({
  name: text({ error: E('required') })
    .min(1, { error: E('required') })
    .max(100, { error: E('tooLong') })
    .regex(/^[\p{L}][\p{L} .'-]*$/u, { error: E('name') }),
  email: text({ error: E('required') })
    .min(1, { error: E('required') })
    .max(254, { error: E('tooLong') })
    .pipe(z.email({ error: E('email') }))
    .transform((value) => value.toLowerCase()),
  role: z.enum(STAFF_ROLES, { error: E('role') }),
});
/** A member's own password, chosen on their enrolment link; taken as typed (shared/account/password-policy.ts). */
export const staffPasswordSchema = text({ error: E('required'), trim: false })
  .min(1, { error: E('required') })
  .min(PASSWORD_MIN_LENGTH, { error: E('password') })
  .max(200, { error: E('tooLong') })
  .regex(/\p{L}/u, { error: E('password') })
  .regex(/\p{N}/u, { error: E('password') });

export type CreateStaffInput = z.output<typeof createStaffSchema>;

export const staffRoleSchema = z.object({ staffId, role: z.enum(STAFF_ROLES, { error: E('role') }) });
export const staffStatusSchema = z.object({ staffId, status: z.enum(['active', 'disabled'], { error: E('status') }) });
export const staffTargetSchema = z.object({ staffId });
