import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WidgetEditorPage } from '@/components/widgets/widget-editor-page';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { loadWidgetEditorData } from '@/server/widgets/editor-data';
import { emptyWidgetValues } from '@/shared/widgets/widget-schema';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'widgets' });
  return { title: t('editor.newTitle'), robots: { index: false } };
}

/** Spec §2 "widgets create": the editor for a new widget, in the admin's language by default. */
export default async function NewWidgetPage({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  await requirePageAccess('/widgets/new');
  return <WidgetEditorPage widgetId={null} values={emptyWidgetValues(locale)} data={await loadWidgetEditorData(await getDb(), locale)} />;
}
