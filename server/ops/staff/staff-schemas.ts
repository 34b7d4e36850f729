import 'server-only';
import { z } from 'zod';
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
export type CreateStaffInput = z.output<typeof createStaffSchema>;

export const staffRoleSchema = z.object({ staffId, role: z.enum(STAFF_ROLES, { error: E('role') }) });
export const staffStatusSchema = z.object({ staffId, status: z.enum(['active', 'disabled'], { error: E('status') }) });
export const staffTargetSchema = z.object({ staffId });
