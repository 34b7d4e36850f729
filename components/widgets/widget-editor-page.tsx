import { ArrowLeft } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleLink } from '@/components/i18n/locale-link';
import { EMBED_WIDGET_TYPES, type WidgetFormValues } from '@/shared/widgets/widget-schema';
import { loadMessages } from '@/messages/areas';
import { LOCALES } from '@/i18n/locales';
import { publicImageUrl } from '@/shared/files/file-purpose';
import type { WidgetEditorData } from '@/server/widgets/editor-data';
import type { WidgetMedia } from '@/server/widgets/widget-queries';
import { EmbedCodeSection } from './embed-code-section';
import { WidgetEditor } from './widget-editor';
import type { PreviewMessages } from './widget-preview';
import { widgetEditorLabels } from './widget-editor-labels';
import { WidgetMediaSection } from './widget-media-section';
import { WidgetNotice } from './widget-notice';

type Props = {
  widgetId: string | null;
  values: WidgetFormValues;
  notice?: string;
  domainPanel?: ReactNode;
  /** A saved widget's pictures. */
  media?: WidgetMedia;
  /** The catalogue's choices and rates, from `loadWidgetEditorData`. */
  data: WidgetEditorData;
};

const NOTICES = new Set(['created', 'duplicated']);

/** The guest pages' texts in both languages a widget may speak: the preview renders them as the widget's. */
async function loadPreviewMessages(): Promise<PreviewMessages> {
  const entries = await Promise.all(
    LOCALES.map(async (language) => {
      const messages = await loadMessages(language);
      return [language, { widgetSites: messages.widgetSites, widgetBookings: messages.widgetBookings }] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as PreviewMessages;
}

/** The editor's page body, new or existing: heading, back link, a notice after create or duplicate, the island. */
export async function WidgetEditorPage({ widgetId, values, notice, domainPanel, media, data: { choices, rates } }: Props) {
  const [labels, t, previewMessages] = await Promise.all([widgetEditorLabels(), getTranslations('widgets'), loadPreviewMessages()]);
  const previewMedia = { logoUrls: (media?.logoFileIds ?? []).map(publicImageUrl), heroImageUrl: media?.heroImageFileId ? publicImageUrl(media.heroImageFileId) : null };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-10">
      <LocaleLink href="/widgets" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t('editor.back')}
      </LocaleLink>
      <h1 className="mt-2 text-2xl font-semibold">{widgetId ? t('editor.editTitle') : t('editor.newTitle')}</h1>
      {notice && NOTICES.has(notice) ? <WidgetNotice text={t(`notices.${notice as 'created' | 'duplicated'}`)} /> : null}
      <div className="mt-6">
        <WidgetEditor
          key={widgetId ?? 'new'}
          widgetId={widgetId}
          values={values}
          choices={choices}
          rates={rates}
          labels={labels}
          domainPanel={domainPanel}
          mediaPanel={<WidgetMediaSection widgetId={widgetId} logoFileIds={media?.logoFileIds ?? []} heroImageFileId={media?.heroImageFileId ?? null} />}
          media={previewMedia}
          previewMessages={previewMessages}
        />
      </div>
      {widgetId && EMBED_WIDGET_TYPES.includes(values.type) ? <EmbedCodeSection widgetId={widgetId} /> : null}
    </div>
  );
}
