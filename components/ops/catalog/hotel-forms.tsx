import { getTranslations } from 'next-intl/server';
import { OpsField, OpsForm, OpsSelect } from '@/components/ops/ops-form';
import type { LocalizedText } from '@/server/db/schema';
import { saveHotelAction, savePickUpTimeAction } from '@/server/ops/catalog/catalog-actions';

export async function HotelForm({ hotel, cities }: { hotel?: { id: string; name: string; area: string | null; cityId: string }; cities: { id: string; name: LocalizedText }[] }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  return (
    <OpsForm action={saveHotelAction} submitLabel={hotel ? common('save') : t('hotels.create')} pendingLabel={common('saving')} successMessage={common('saved')} resetOnSuccess={!hotel}>
      {hotel ? <input type="hidden" name="id" value={hotel.id} /> : null}
      <div className="grid gap-3 md:grid-cols-3">
        <OpsField name="name" label={t('hotels.name')} defaultValue={hotel?.name} required maxLength={200} />
        <OpsField name="area" label={t('hotels.area')} defaultValue={hotel?.area ?? ''} maxLength={200} />
        <OpsSelect name="cityId" label={t('fields.city')} defaultValue={hotel?.cityId} options={cities.map((city) => ({ value: city.id, label: city.name.en }))} />
      </div>
    </OpsForm>
  );
}

export async function PickUpTimeForm({ tourId, hotels }: { tourId: string; hotels: { id: string; name: string }[] }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog.hotels'), getTranslations('ops.common')]);
  if (hotels.length === 0) return <p className="text-sm text-muted-foreground">{t('noHotels')}</p>;
  return (
    <OpsForm action={savePickUpTimeAction} submitLabel={t('setPickUp')} pendingLabel={common('saving')} successMessage={common('saved')}>
      <input type="hidden" name="tourId" value={tourId} />
      <div className="grid gap-3 md:grid-cols-3">
        <OpsSelect name="hotelId" label={t('hotel')} options={hotels.map((hotel) => ({ value: hotel.id, label: hotel.name }))} />
        <OpsField name="startTime" label={t('startTime')} placeholder="09:00" required maxLength={5} />
        <OpsField name="pickUpTime" label={t('pickUpTime')} placeholder="08:15" required maxLength={5} />
      </div>
    </OpsForm>
  );
}
