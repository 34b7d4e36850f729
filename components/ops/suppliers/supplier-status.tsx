import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import type { Locale } from '@/i18n/locales';
import type { SupplierSummary } from '@/server/ops/suppliers/supplier-queries';

// A supplier's health as the console shows it: the connection (its last sync), the circuit
// breaker's state in this process, and the last hour's share of failed calls.

export type SupplierHealthTexts = { connection: string; breaker: string; errorRate: string; lastSync: string };

const KNOWN_SYNC_ERRORS = new Set(['timeout', 'unavailable', 'circuit_open', 'unauthorized', 'not_found', 'sold_out', 'rejected', 'invalid_response']);

export async function supplierHealthTexts(supplier: SupplierSummary, locale: Locale): Promise<SupplierHealthTexts> {
  const t = await getTranslations('ops.suppliers');
  const syncError = supplier.lastSyncError && KNOWN_SYNC_ERRORS.has(supplier.lastSyncError) ? t(`errors.connection.${supplier.lastSyncError}` as never) : supplier.lastSyncError;
  const connection = !supplier.isActive
    ? t('connection.inactive')
    : syncError
      ? t('connection.failing', { error: syncError })
      : supplier.lastSyncAt
        ? t('connection.ok')
        : t('connection.notSynced');
  const errorRate =
    supplier.errorRate === null ? t('noCalls') : t('errorRateValue', { rate: Math.round(supplier.errorRate * 1000) / 10, calls: supplier.callsLastHour });
  return {
    connection,
    breaker: t(`breaker.${supplier.breaker}`),
    errorRate,
    lastSync: supplier.lastSyncAt ? dubaiDateTime(supplier.lastSyncAt, locale) : t('never'),
  };
}
