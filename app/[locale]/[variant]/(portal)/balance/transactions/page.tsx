import { redirect } from 'next/navigation';
import { localizedPath } from '@/i18n/locales';
import { requirePageAccess } from '@/server/auth/principal';
import { isStatementMonth } from '@/server/balance/statement-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The header menu's "Transactions": the daily statement, which lives on the balance page. */
export default async function TransactionsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const { locale } = await resolveSiteParams(params);
  const { month } = await searchParams;
  await requirePageAccess('/balance/transactions');
  redirect(`${localizedPath(locale, '/balance')}${isStatementMonth(month) ? `?month=${month}` : ''}#statement`);
}
