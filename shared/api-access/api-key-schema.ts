// The API key form's fields, shared by the form on /my-agencies and its actions. Pure. Error
// messages are message keys (in `apiAccess.errors`).
import { z } from 'zod';
import { API_SCOPES } from '@/shared/auth/permissions';
import { text } from '@/shared/text';

/** How long a new key lives, in days: the admin picks one; a key that should live longer is made again. */
export const API_KEY_LIFETIMES = [30, 90, 180, 365] as const;

const required = { error: 'apiAccess.errors.nameRequired' };

export const createApiKeySchema = z.object({
  name: text(required).min(1, required).max(80, { error: 'apiAccess.errors.nameTooLong' }),
  scopes: z.array(z.enum(API_SCOPES, { error: 'apiAccess.errors.scopes' })).min(1, { error: 'apiAccess.errors.scopes' }),
  expiresInDays: z.coerce
    .number({ error: 'apiAccess.errors.lifetime' })
    .refine((days) => (API_KEY_LIFETIMES as readonly number[]).includes(days), { error: 'apiAccess.errors.lifetime' }),
});

export const apiKeyIdSchema = z.object({ keyId: z.uuid({ error: 'errors.notFound' }) });

export type ApiKeyField = keyof z.input<typeof createApiKeySchema>;
export const API_KEY_FIELDS = ['name', 'expiresInDays'] as const;
