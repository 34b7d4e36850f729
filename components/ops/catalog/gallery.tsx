import { getTranslations } from 'next-intl/server';
import { OpsField, OpsForm } from '@/components/ops/ops-form';
import type { LocalizedText } from '@/server/db/schema';
import { addPhotoAction, deletePhotoAction, editPhotoAction, movePhotoAction } from '@/server/ops/catalog/catalog-actions';
import { allowedFormats } from '@/shared/files/file-rules';

type Photo = { id: string; position: number; url: string; alt: LocalizedText };

/** A tour's images in order: alt texts, moves and deletion per image, and an upload form. */
export async function TourGallery({ tourId, photos }: { tourId: string; photos: Photo[] }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog.gallery'), getTranslations('ops.common')]);
  const form = { pendingLabel: common('saving'), successMessage: common('saved') };
  return (
    <div className="grid gap-3">
      {photos.length === 0 ? <p className="text-sm text-muted-foreground">{t('empty')}</p> : null}
      <ol className="grid gap-3">
        {photos.map((photo, index) => (
          <li key={photo.id} className="grid gap-2 rounded-lg border p-3 md:grid-cols-[160px_1fr]" aria-label={t('position', { position: index + 1 })}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a console preview of any stored image */}
            <img src={photo.url} alt={photo.alt.en} className="h-24 w-40 rounded object-cover" />
            <div className="grid gap-2">
              <OpsForm action={editPhotoAction} submitLabel={common('save')} {...form}>
                <input type="hidden" name="id" value={photo.id} />
                <div className="grid gap-3 md:grid-cols-2">
                  <OpsField name="altEn" label={t('altEn')} defaultValue={photo.alt.en} required maxLength={300} />
                  <OpsField name="altRu" label={t('altRu')} defaultValue={photo.alt.ru} required maxLength={300} />
                </div>
              </OpsForm>
              <div className="flex flex-wrap gap-2">
                {index > 0 ? (
                  <OpsForm action={movePhotoAction} submitLabel={t('up')} submitVariant="outline" {...form}>
                    <input type="hidden" name="id" value={photo.id} />
                    <input type="hidden" name="direction" value="up" />
                  </OpsForm>
                ) : null}
                {index < photos.length - 1 ? (
                  <OpsForm action={movePhotoAction} submitLabel={t('down')} submitVariant="outline" {...form}>
                    <input type="hidden" name="id" value={photo.id} />
                    <input type="hidden" name="direction" value="down" />
                  </OpsForm>
                ) : null}
                <OpsForm action={deletePhotoAction} submitLabel={t('delete')} submitVariant="outline" {...form}>
                  <input type="hidden" name="id" value={photo.id} />
                </OpsForm>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <OpsForm action={addPhotoAction} submitLabel={t('upload')} resetOnSuccess {...form}>
        <input type="hidden" name="tourId" value={tourId} />
        <div className="grid gap-3 md:grid-cols-3">
          <OpsField name="file" label={t('file')} type="file" accept={allowedFormats('tourImage').accept} required />
          <OpsField name="altEn" label={t('altEn')} required maxLength={300} />
          <OpsField name="altRu" label={t('altRu')} required maxLength={300} />
        </div>
      </OpsForm>
    </div>
  );
}
