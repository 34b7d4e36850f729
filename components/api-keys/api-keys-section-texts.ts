import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatWhen } from '@/components/audit/audit-trail';
import type { Locale } from '@/i18n/locales';
import type { ApiKeyRow } from '@/server/api-access/api-keys';
import { API_KEY_LIFETIMES } from '@/shared/api-access/api-key-schema';
import { API_SCOPES, type ApiScope } from '@/shared/auth/permissions';
import type { ApiKeyTexts, ApiKeysSectionLabels } from './api-keys-section';

/** The API keys section's texts in the page's language, and each key's own lines. */
export async function apiKeysSectionTexts(keys: ApiKeyRow[], locale: Locale): Promise<{ labels: ApiKeysSectionLabels; texts: Record<string, ApiKeyTexts> }> {
  const t = await getTranslations({ locale, namespace: 'apiAccess' });
  const scoped = (read: (scope: ApiScope) => string) => Object.fromEntries(API_SCOPES.map((scope) => [scope, read(scope)])) as Record<ApiScope, string>;
  const labels: ApiKeysSectionLabels = {
    title: t('title'),
    lead: t('lead'),
    empty: t('empty'),
    listTitle: t('listTitle'),
    scopes: t('fields.scopes'),
    created: t('fields.created'),
    expires: t('fields.expires'),
    lastUsed: t('fields.lastUsed'),
    neverUsed: t('neverUsed'),
    states: { active: t('states.active'), expired: t('states.expired'), revoked: t('states.revoked') },
    create: {
      title: t('create.title'),
      name: t('create.name'),
      nameHint: t('create.nameHint'),
      scopes: t('create.scopes'),
      scopeNames: scoped((scope) => t(`scopes.${scope}.name`)),
      scopeHints: scoped((scope) => t(`scopes.${scope}.hint`)),
      lifetime: t('create.lifetime'),
      lifetimes: Object.fromEntries(API_KEY_LIFETIMES.map((days) => [String(days), t('create.days', { days })])),
      submit: t('create.submit'),
      submitting: t('create.submitting'),
      secretTitle: t('secret.title'),
      testKey: t('secret.testKey'),
      copy: t('secret.copy'),
      copied: t('secret.copied'),
    },
    revoke: { open: t('revoke.open'), submit: t('revoke.submit'), submitting: t('revoke.submitting'), cancel: t('revoke.cancel') },
  };
  const texts = Object.fromEntries(
    keys.map((key) => [
      key.id,
      {
        created: t('createdBy', { name: key.createdBy, when: formatWhen(new Date(key.createdAt), locale) }),
        expires: formatWhen(new Date(key.expiresAt), locale),
        lastUsed: key.lastUsedAt ? t('lastUsedAt', { when: formatWhen(new Date(key.lastUsedAt), locale), address: key.lastUsedAddress ?? '' }) : null,
        revokeConfirm: t('revoke.confirm', { name: key.name }),
      },
    ]),
  );
  return { labels, texts };
}
