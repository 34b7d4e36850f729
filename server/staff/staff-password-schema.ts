import 'server-only';
import { PASSWORD_MIN_LENGTH } from '@/shared/account/password-policy';
import { text } from '@/shared/text';

const E = (key: string) => `opsStaff.errors.${key}`;

/** A member's own password, chosen on their enrolment link; taken as typed (shared/account/password-policy.ts). */
export const staffPasswordSchema = text({ error: E('required'), trim: false })
  .min(1, { error: E('required') })
  .min(PASSWORD_MIN_LENGTH, { error: E('password') })
  .max(200, { error: E('tooLong') })
  .regex(/\p{L}/u, { error: E('password') })
  .regex(/\p{N}/u, { error: E('password') });
