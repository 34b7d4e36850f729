import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WidgetEditorPage } from '@/components/widgets/widget-editor-page';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { loadWidgetEditorData } from '@/server/widgets/editor-data';
import { emptyWidgetValues } from '@/shared/widgets/widget-schema';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'widgets' });
  return { title: t('editor.newTitle'), robots: { index: false } };
}

/** Spec §2 "widgets create": the editor for a new widget, in the admin's language by default. */
export default async function NewWidgetPage({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/widgets/new');
  // The editor prices each offer from the agency's b2b cost: none of it in customer view.
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations('widgets'))('editor.newTitle')} />;
  return <WidgetEditorPage widgetId={null} values={emptyWidgetValues(locale)} data={await loadWidgetEditorData(await getDb(), locale)} />;
}
