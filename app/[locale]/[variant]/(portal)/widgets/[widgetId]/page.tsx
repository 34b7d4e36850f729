import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { DomainPanel } from '@/components/widgets/domain-panel';
import { domainPanelLabels } from '@/components/widgets/domain-panel-labels';
import { WidgetEditorPage } from '@/components/widgets/widget-editor-page';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { isDomainError } from '@/server/errors';
import { resolveSiteParams } from '@/server/hosts/variant-params';
import { widgetApexAddresses, widgetCnameTarget } from '@/server/widgets/domains/domain-resolver';
import { loadWidgetEditorData } from '@/server/widgets/editor-data';
import { loadWidgetForEditor } from '@/server/widgets/widget-queries';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';

type Params = Promise<{ locale: string; variant: string; widgetId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'widgets' });
  return { title: t('editor.editTitle'), robots: { index: false } };
}

/** The editor of one of the agency's widgets; another agency's id, or no widget, is the portal's 404. */
export default async function EditWidgetPage({ params, searchParams }: { params: Params; searchParams: Promise<{ notice?: string }> }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/widgets');
  // The editor prices each offer from the agency's b2b cost: none of it in customer view.
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations('widgets'))('editor.editTitle')} />;
  const { widgetId } = await params;
  if (!z.uuid().safeParse(widgetId).success) notFound();
  const widget = await loadWidgetForEditor(await getDb(), principal, widgetId).catch((error: unknown) => {
    if (isDomainError(error, 'notFound')) notFound();
    throw error;
  });
  const { notice } = await searchParams;
  const domainPanel = (
    <DomainPanel widgetId={widget.id} domain={widget.domain} cnameTarget={widgetCnameTarget()} aRecords={widgetApexAddresses()} labels={await domainPanelLabels()} />
  );
  const data = await loadWidgetEditorData(await getDb(), locale);
  return <WidgetEditorPage widgetId={widget.id} values={widget.values} notice={notice} domainPanel={domainPanel} media={widget.media} data={data} />;
}
