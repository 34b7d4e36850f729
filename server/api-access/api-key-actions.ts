'use server';

import 'server-only';
import { getTranslations } from 'next-intl/server';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { API_KEY_FIELDS, type ApiKeyField, apiKeyIdSchema, createApiKeySchema } from '@/shared/api-access/api-key-schema';
import { API_KEY_PERMISSION, createApiKey, revokeApiKey } from './api-keys';

/** A new key's result: its secret, shown this once, or why not with what was typed. */
export type CreateApiKeyState = (ActionResult<{ secret: string; notice: string }, ApiKeyField> & { values: Partial<Record<ApiKeyField, string>> }) | null;

export type RevokeApiKeyState = ActionResult<{ message: string }, 'keyId'> | null;

export const createApiKeyAction = runAction({
  schema: createApiKeySchema,
  form: { arrays: ['scopes'], echo: API_KEY_FIELDS },
  permission: API_KEY_PERMISSION,
  invalidMessage: 'apiAccess.errors.invalid',
  run: async (input, { principal, db }) => {
    const { secret } = await createApiKey(db, principal, input);
    return { secret, notice: (await getTranslations('apiAccess'))('secret.text', { name: input.name }) };
  },
  revalidate: { refresh: true },
  // The form starts empty again once the key is made.
  answer: (result): CreateApiKeyState => (result.ok ? { ...result, values: {} } : result),
});

export const revokeApiKeyAction = runAction({
  schema: apiKeyIdSchema,
  permission: API_KEY_PERMISSION,
  invalidMessage: 'errors.notFound',
  run: async ({ keyId }, { principal, db }) => {
    const { name } = await revokeApiKey(db, principal, keyId);
    return { message: (await getTranslations('apiAccess'))('revoke.done', { name }) };
  },
  revalidate: { refresh: true },
  answer: (result): RevokeApiKeyState => result,
});
