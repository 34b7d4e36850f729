import { getTranslations } from 'next-intl/server';
import { OpsTable } from '@/components/ops/ops-page';
import type { Locale } from '@/i18n/locales';
import type { SupplierProduct, SupplierUnit } from '@/server/suppliers/connector';
import { formatMoney, isCurrency } from '@/shared/money/money';

// What a sync found beside what we kept, unit by unit (net / retail in the supplier's currency),
// and the title when it changed: the operator reads the change before accepting it.

function price(unit: SupplierUnit | undefined, locale: Locale, none: string): string {
  if (!unit) return none;
  const one = (money: SupplierUnit['net']) => (money === null ? none : isCurrency(money.currency) ? formatMoney(money.amountMinor, money.currency, locale) : `${money.amountMinor / 100} ${money.currency}`);
  return `${one(unit.net)} / ${one(unit.retail)}`;
}

export async function ProductChanges({ kept, found, locale }: { kept: SupplierProduct; found: SupplierProduct; locale: Locale }) {
  const t = await getTranslations('ops.suppliers.product');
  const rows: { key: string; what: string; before: string; after: string }[] = [];
  if (kept.title !== found.title) rows.push({ key: 'title', what: t('titleEn'), before: kept.title, after: found.title });
  const optionIds = [...new Set([...kept.options, ...found.options].map((option) => option.id))];
  for (const optionId of optionIds) {
    const before = kept.options.find((option) => option.id === optionId);
    const after = found.options.find((option) => option.id === optionId);
    const unitIds = [...new Set([...(before?.units ?? []), ...(after?.units ?? [])].map((unit) => unit.id))];
    for (const unitId of unitIds) {
      const old = before?.units.find((unit) => unit.id === unitId);
      const current = after?.units.find((unit) => unit.id === unitId);
      const was = price(old, locale, t('noPrice'));
      const is = price(current, locale, t('noPrice'));
      if (was === is && old?.title === current?.title) continue;
      rows.push({ key: `${optionId}:${unitId}`, what: `${(after ?? before)?.title ?? optionId} · ${(current ?? old)?.title ?? unitId}`, before: was, after: is });
    }
  }
  if (rows.length === 0) return null;
  return (
    <OpsTable caption={t('review')}>
      <thead>
        <tr>
          <th scope="col">{t('item')}</th>
          <th scope="col">{t('before')}</th>
          <th scope="col">{t('after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.what}</td>
            <td className="tabular-nums">{row.before}</td>
            <td className="tabular-nums">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </OpsTable>
  );
}
