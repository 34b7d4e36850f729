import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { dubaiToday } from '@/shared/availability/rules';
import { assertCanSeeCommissions, type CommissionQuery, type CommissionRow, streamCommissionRows } from '@/server/commissions/queries';
import type { Database } from '@/server/db/connection';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { xlsxResponse, type XlsxColumn } from './xlsx-stream';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

export function commissionExportColumns(locale: Locale): XlsxColumn<CommissionRow>[] {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'commissions.export' });
  return [
    { header: t('reference'), width: 14, kind: 'text', value: (row) => row.reference },
    { header: t('date'), width: 12, kind: 'date', value: (row) => row.tourDate },
    { header: t('tour'), width: 36, kind: 'text', value: (row) => row.tourTitle[locale] },
    { header: t('ticket'), width: 28, kind: 'text', value: (row) => row.offerName[locale] },
    { header: t('guest'), width: 24, kind: 'text', value: (row) => row.guestName },
    { header: t('totalSales', { currency: 'AED' }), width: 18, kind: 'money', currency: 'AED', value: (row) => row.totalSalesMinor },
    { header: t('receivable', { currency: 'AED' }), width: 24, kind: 'money', currency: 'AED', value: (row) => row.agencyReceivableMinor },
  ];
}

/**
 * The commissions list as an xlsx download, with the list's filters, streamed a batch at a time.
 * Throws Forbidden at once for a role without commissions; the promise rejects when the first
 * batch cannot be read. Either way before anything is sent.
 */
export function commissionExportResponse(db: Database, principal: Principal, query: CommissionQuery, locale: Locale, now = new Date()): Promise<Response> {
  // Refused before the first byte, so a junior gets a 403 rather than a broken download.
  assertCanSeeCommissions(principal);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'commissions.export' });
  return xlsxResponse({
    filename: `commissions-${dubaiToday(now)}.xlsx`,
    sheetName: t('sheet'),
    columns: commissionExportColumns(locale),
    batches: streamCommissionRows(db, principal, query),
  });
}
