import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { toLocale } from '@/i18n/locales';
import { DOMAIN_CHECK_ERRORS, type DomainCheckError } from '@/shared/widgets/domain-verification';
import type { WidgetDomainStatus } from '@/server/widgets/widget-queries';
import type { DomainPanelLabels } from './domain-panel';

const STATUSES = ['pending', 'verified', 'failed'] as const satisfies readonly WidgetDomainStatus[];

/**
 * The domain panel's texts in the request's language. Texts with a placeholder (`{type}`,
 * `{addresses}`, `{when}`, `{target}`, `{reason}`) stay raw: the panel fills them in.
 */
export async function domainPanelLabels(): Promise<DomainPanelLabels> {
  const [t, widgetsT, locale] = await Promise.all([getTranslations('widgetDomains'), getTranslations('widgets'), getLocale()]);
  const reasons = Object.fromEntries(DOMAIN_CHECK_ERRORS.map((code) => [code, t.raw(`reasons.${code}`) as string])) as Record<DomainCheckError, string>;
  return {
    locale: toLocale(locale),
    status: t('status'),
    statuses: Object.fromEntries(STATUSES.map((status) => [status, widgetsT(`domainStatus.${status}`)])) as DomainPanelLabels['statuses'],
    noDomain: t('noDomain'),
    lead: t('lead'),
    verified: { lead: t.raw('verified.lead') as string, records: t('verified.records') },
    records: { caption: t('records.caption'), type: t('records.type'), name: t('records.name'), value: t('records.value') },
    copy: { name: t.raw('copy.name') as string, value: t.raw('copy.value') as string, copied: t('copy.copied'), failed: t('copy.failed') },
    apex: t.raw('apex') as string,
    lastCheck: {
      title: t('lastCheck.title'),
      when: t.raw('lastCheck.when') as string,
      never: t('lastCheck.never'),
      cname: t('lastCheck.cname'),
      txt: t('lastCheck.txt'),
      nothing: t('lastCheck.nothing'),
      right: t('lastCheck.right'),
      wrong: t('lastCheck.wrong'),
    },
    reasons: { ...reasons, unknown: t('reasons.unknown') },
    check: t('check'),
    checking: t('checking'),
    checkFailed: t('checkFailed'),
    result: { verified: t('result.verified'), failed: t.raw('result.failed') as string, unconfirmed: t.raw('result.unconfirmed') as string },
  };
}
