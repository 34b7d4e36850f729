import { getTranslations } from 'next-intl/server';
import { publicImageUrl } from '@/shared/files/file-purpose';
import { MAX_WIDGET_LOGOS } from '@/server/widgets/widget-media';
import { WidgetMediaRemoveForm, WidgetMediaUploadForm } from './widget-media-forms';

/**
 * The editor's pictures (spec §2 "media"), inside its Media section: the widget's logos and hero
 * image, each uploaded or removed on its own (files cannot ride in the editor's form, and a picture is kept as soon as it
 * is sent). A widget not saved yet has nothing to attach them to.
 */
export async function WidgetMediaSection({ widgetId, logoFileIds, heroImageFileId }: { widgetId: string | null; logoFileIds: string[]; heroImageFileId: string | null }) {
  const t = await getTranslations('widgets.editor.media');
  const files = await getTranslations('files');
  const labels = { file: t('file'), upload: t('upload'), uploading: t('uploading'), uploaded: t('uploaded'), tooLarge: files('tooLarge'), download: files('download') };
  return (
    <section aria-labelledby="widget-media-title" className="grid gap-4 border-t border-border pt-4" data-testid="widget-media">
      <h3 id="widget-media-title" className="font-semibold">
        {t('title')}
      </h3>
      {widgetId === null ? (
        <p className="text-sm text-muted-foreground">{t('saveFirst')}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('lead')}</p>
          <div className="grid gap-6 md:grid-cols-2">
            <div className="grid content-start gap-3">
              <h4 className="font-medium">{t('logos')}</h4>
              {logoFileIds.length === 0 ? <p className="text-sm text-muted-foreground">{t('noLogos')}</p> : null}
              <ul className="grid gap-2">
                {logoFileIds.map((fileId, index) => (
                  <li key={fileId} className="flex flex-wrap items-center gap-3">
                    {/* The widget's own public picture, shown as uploaded (no optimiser needed for a preview). */}
                    {/* eslint-disable-next-line @next/next/no-img-element */}
                    <img src={publicImageUrl(fileId)} alt={t('logoAlt', { number: index + 1 })} className="h-12 w-auto max-w-40 rounded border border-border object-contain" />
                    <WidgetMediaRemoveForm widgetId={widgetId} fileId={fileId} label={t('remove')} name={t('logoAlt', { number: index + 1 })} />
                  </li>
                ))}
              </ul>
              {logoFileIds.length < MAX_WIDGET_LOGOS ? <WidgetMediaUploadForm widgetId={widgetId} kind="logo" labels={labels} /> : null}
            </div>
            <div className="grid content-start gap-3">
              <h4 className="font-medium">{t('heroImage')}</h4>
              {heroImageFileId ? (
                <div className="flex flex-wrap items-center gap-3">
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={publicImageUrl(heroImageFileId)} alt={t('heroAlt')} className="h-24 w-auto max-w-full rounded border border-border object-cover" />
                  <WidgetMediaRemoveForm widgetId={widgetId} fileId={heroImageFileId} label={t('remove')} name={t('heroAlt')} />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t('noHero')}</p>
              )}
              <WidgetMediaUploadForm widgetId={widgetId} kind="heroImage" labels={labels} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
