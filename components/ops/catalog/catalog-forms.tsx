import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { OpsField, OpsForm, OpsSelect, OpsTextArea } from '@/components/ops/ops-form';
import type { FaqItem, ItineraryStep, LocalizedText, MeetingPoint } from '@/server/db/schema';
import { TOUR_LANGUAGES, type TourLanguage } from '@/shared/catalog/tour-languages';
import { allowedFormats } from '@/shared/files/file-rules';
import { editAvailabilityAction, saveOfferAction, savePlaceAction, savePromoAction, saveTourAction } from '@/server/ops/catalog/catalog-actions';

// The catalogue's console forms: server components that lay out OpsForm fields (client) with
// their texts; every field posts as typed and the action validates it.

type Named = { id: string; name: LocalizedText };

function Checkbox({ name, label, defaultChecked, value = 'on' }: { name: string; label: string; defaultChecked?: boolean; value?: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="size-4" />
      {label}
    </label>
  );
}

function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 md:grid-cols-2">{children}</div>;
}

function aed(fils: number | null): string {
  return fils === null ? '' : (fils / 100).toFixed(2);
}

export type PlaceRow = { id: string; slug: string; name: LocalizedText; heroImage: string; sortOrder: number; countryId?: string };

export async function PlaceForm({ kind, place, countries }: { kind: 'country' | 'city' | 'category'; place?: PlaceRow; countries: Named[] }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  return (
    <OpsForm action={savePlaceAction} submitLabel={place ? common('save') : t('places.create')} pendingLabel={common('saving')} successMessage={common('saved')} resetOnSuccess={!place}>
      <input type="hidden" name="kind" value={kind} />
      {place ? <input type="hidden" name="id" value={place.id} /> : null}
      <Pair>
        <OpsField name="nameEn" label={t('fields.nameEn')} defaultValue={place?.name.en} required maxLength={100} />
        <OpsField name="nameRu" label={t('fields.nameRu')} defaultValue={place?.name.ru} required maxLength={100} />
        <OpsField name="slug" label={t('fields.slug')} hint={t('fields.slugHint')} defaultValue={place?.slug} required maxLength={100} />
        <OpsField name="heroImage" label={t('fields.heroImage')} defaultValue={place?.heroImage} required maxLength={500} />
        <OpsField name="sortOrder" label={t('fields.sortOrder')} defaultValue={String(place?.sortOrder ?? 0)} inputMode="numeric" />
        {kind === 'city' ? (
          <OpsSelect name="countryId" label={t('fields.country')} defaultValue={place?.countryId} options={countries.map((country) => ({ value: country.id, label: country.name.en }))} />
        ) : null}
      </Pair>
    </OpsForm>
  );
}

export type TourFormValues = {
  id: string;
  slug: string;
  cityId: string;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  terms: LocalizedText;
  notesToAgents: LocalizedText | null;
  itinerary: ItineraryStep[];
  faq: FaqItem[];
  videoUrl: string | null;
  durationMinutes: number;
  inclusions: LocalizedText[];
  exclusions: LocalizedText[];
  languages: TourLanguage[];
  accessibility: LocalizedText | null;
  meetingPoint: MeetingPoint | null;
  isFeatured: boolean;
  isActive: boolean;
};

export async function TourForm({ tour, categoryIds = [], cities, categories }: { tour?: TourFormValues; categoryIds?: string[]; cities: Named[]; categories: Named[] }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  const itinerary = (tour?.itinerary ?? []).map((step) => [step.time ?? '', step.title.en, step.title.ru, step.description.en, step.description.ru].join(' | ')).join('\n');
  const faq = (tour?.faq ?? []).map((item) => [item.question.en, item.question.ru, item.answer.en, item.answer.ru].join(' | ')).join('\n');
  const lines = (items: LocalizedText[] = []) => items.map((item) => `${item.en} | ${item.ru}`).join('\n');
  const meeting = tour?.meetingPoint ?? null;
  const languageNames = new Intl.DisplayNames([await getLocale()], { type: 'language' });
  return (
    <OpsForm action={saveTourAction} submitLabel={tour ? common('save') : t('tours.create')} pendingLabel={common('saving')} successMessage={common('saved')}>
      {tour ? <input type="hidden" name="id" value={tour.id} /> : null}
      <Pair>
        <OpsField name="slug" label={t('fields.slug')} hint={t('fields.slugHint')} defaultValue={tour?.slug} required maxLength={100} />
        <OpsSelect name="cityId" label={t('fields.city')} defaultValue={tour?.cityId} options={cities.map((city) => ({ value: city.id, label: city.name.en }))} />
        <OpsField name="titleEn" label={t('fields.titleEn')} defaultValue={tour?.title.en} required maxLength={200} />
        <OpsField name="titleRu" label={t('fields.titleRu')} defaultValue={tour?.title.ru} required maxLength={200} />
        <OpsTextArea name="summaryEn" label={t('fields.summaryEn')} defaultValue={tour?.summary.en} required />
        <OpsTextArea name="summaryRu" label={t('fields.summaryRu')} defaultValue={tour?.summary.ru} required />
        <OpsTextArea name="descriptionEn" label={t('fields.descriptionEn')} defaultValue={tour?.description.en} required rows={6} />
        <OpsTextArea name="descriptionRu" label={t('fields.descriptionRu')} defaultValue={tour?.description.ru} required rows={6} />
        <OpsTextArea name="termsEn" label={t('fields.termsEn')} defaultValue={tour?.terms.en} required />
        <OpsTextArea name="termsRu" label={t('fields.termsRu')} defaultValue={tour?.terms.ru} required />
        <OpsTextArea name="notesEn" label={t('fields.notesEn')} defaultValue={tour?.notesToAgents?.en} />
        <OpsTextArea name="notesRu" label={t('fields.notesRu')} defaultValue={tour?.notesToAgents?.ru} />
      </Pair>
      <OpsTextArea name="itinerary" label={t('fields.itinerary')} hint={t('fields.itineraryHint')} defaultValue={itinerary} rows={5} />
      <OpsTextArea name="faq" label={t('fields.faq')} hint={t('fields.faqHint')} defaultValue={faq} rows={4} />
      <Pair>
        <OpsField name="videoUrl" label={t('fields.videoUrl')} hint={t('fields.videoUrlHint')} defaultValue={tour?.videoUrl ?? ''} maxLength={500} type="url" />
        <OpsField name="durationMinutes" label={t('fields.durationMinutes')} defaultValue={String(tour?.durationMinutes ?? 240)} inputMode="numeric" />
        <OpsTextArea name="inclusions" label={t('fields.inclusions')} hint={t('fields.listHint')} defaultValue={lines(tour?.inclusions)} rows={4} />
        <OpsTextArea name="exclusions" label={t('fields.exclusions')} hint={t('fields.listHint')} defaultValue={lines(tour?.exclusions)} rows={4} />
        <OpsTextArea name="accessibilityEn" label={t('fields.accessibilityEn')} defaultValue={tour?.accessibility?.en} />
        <OpsTextArea name="accessibilityRu" label={t('fields.accessibilityRu')} defaultValue={tour?.accessibility?.ru} />
        <OpsField name="meetingNameEn" label={t('fields.meetingNameEn')} defaultValue={meeting?.name.en} maxLength={300} />
        <OpsField name="meetingNameRu" label={t('fields.meetingNameRu')} defaultValue={meeting?.name.ru} maxLength={300} />
        <OpsField name="meetingLatitude" label={t('fields.meetingLatitude')} hint={t('fields.coordinateHint')} defaultValue={meeting ? String(meeting.latitude) : ''} inputMode="decimal" />
        <OpsField name="meetingLongitude" label={t('fields.meetingLongitude')} defaultValue={meeting ? String(meeting.longitude) : ''} inputMode="decimal" />
        <OpsField name="meetingMapImage" label={t('fields.meetingMapImage')} hint={t('fields.meetingMapImageHint')} defaultValue={meeting?.mapImage ?? ''} maxLength={500} />
        <OpsField name="meetingMapFile" label={t('fields.meetingMapFile')} type="file" accept={allowedFormats('tourImage').accept} />
      </Pair>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('fields.languages')}</legend>
        <div className="flex flex-wrap gap-4">
          {TOUR_LANGUAGES.map((language) => (
            <Checkbox key={language} name="languages" value={language} label={languageNames.of(language) ?? language} defaultChecked={tour?.languages.includes(language) ?? false} />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('fields.categories')}</legend>
        <div className="flex flex-wrap gap-4">
          {categories.map((category) => (
            <Checkbox key={category.id} name="categoryIds" value={category.id} label={category.name.en} defaultChecked={categoryIds.includes(category.id)} />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-4">
        <Checkbox name="isActive" label={t('fields.isActive')} defaultChecked={tour?.isActive ?? true} />
        <Checkbox name="isFeatured" label={t('fields.isFeatured')} defaultChecked={tour?.isFeatured ?? false} />
      </div>
    </OpsForm>
  );
}

export type OfferFormValues = {
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  pricePerAdult: number | null;
  pricePerChild: number | null;
  pricePerTrip: number | null;
  recPricePerAdult: number | null;
  recPricePerChild: number | null;
  recPricePerTrip: number | null;
  stockMode: 'shared' | 'per_type';
  availabilityType: 'start_time' | 'opening_hours';
  hasLiveAvailability: boolean;
  cutOffHours: number;
  minPeople: number;
  pickUp: 'none' | 'optional' | 'included';
  cancellationPolicy: { kind: string };
  isActive: boolean;
};

export async function OfferForm({ tourId, offer }: { tourId: string; offer?: OfferFormValues }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  return (
    <OpsForm action={saveOfferAction} submitLabel={offer ? common('save') : t('offers.create')} pendingLabel={common('saving')} successMessage={common('saved')} resetOnSuccess={!offer}>
      <input type="hidden" name="tourId" value={tourId} />
      {offer ? <input type="hidden" name="id" value={offer.id} /> : null}
      <Pair>
        <OpsField name="nameEn" label={t('fields.nameEn')} defaultValue={offer?.name.en} required maxLength={200} />
        <OpsField name="nameRu" label={t('fields.nameRu')} defaultValue={offer?.name.ru} required maxLength={200} />
        <OpsTextArea name="descriptionEn" label={t('fields.descriptionEn')} defaultValue={offer?.description.en} />
        <OpsTextArea name="descriptionRu" label={t('fields.descriptionRu')} defaultValue={offer?.description.ru} />
      </Pair>
      <p className="text-sm text-muted-foreground">{t('offers.pricesHint')}</p>
      <div className="grid gap-3 md:grid-cols-3">
        <OpsField name="b2bAdult" label={t('fields.b2bAdult')} defaultValue={aed(offer?.pricePerAdult ?? null)} inputMode="decimal" />
        <OpsField name="b2bChild" label={t('fields.b2bChild')} defaultValue={aed(offer?.pricePerChild ?? null)} inputMode="decimal" />
        <OpsField name="b2bTrip" label={t('fields.b2bTrip')} defaultValue={aed(offer?.pricePerTrip ?? null)} inputMode="decimal" />
        <OpsField name="retailAdult" label={t('fields.retailAdult')} defaultValue={aed(offer?.recPricePerAdult ?? null)} inputMode="decimal" />
        <OpsField name="retailChild" label={t('fields.retailChild')} defaultValue={aed(offer?.recPricePerChild ?? null)} inputMode="decimal" />
        <OpsField name="retailTrip" label={t('fields.retailTrip')} defaultValue={aed(offer?.recPricePerTrip ?? null)} inputMode="decimal" />
        <OpsSelect name="stockMode" label={t('fields.stockMode')} defaultValue={offer?.stockMode ?? 'shared'} options={[{ value: 'shared', label: t('stockModes.shared') }, { value: 'per_type', label: t('stockModes.per_type') }]} />
        <OpsSelect
          name="availabilityType"
          label={t('fields.availabilityType')}
          defaultValue={offer?.availabilityType ?? 'start_time'}
          options={(['start_time', 'opening_hours'] as const).map((type) => ({ value: type, label: t(`availabilityTypes.${type}`) }))}
        />
        <OpsField name="cutOffHours" label={t('fields.cutOffHours')} defaultValue={String(offer?.cutOffHours ?? 0)} inputMode="numeric" />
        <OpsField name="minPeople" label={t('fields.minPeople')} defaultValue={String(offer?.minPeople ?? 1)} inputMode="numeric" />
        <OpsSelect name="pickUp" label={t('fields.pickUp')} defaultValue={offer?.pickUp ?? 'none'} options={(['none', 'optional', 'included'] as const).map((mode) => ({ value: mode, label: t(`pickUpModes.${mode}`) }))} />
        <OpsSelect
          name="cancellationPolicy"
          label={t('fields.cancellationPolicy')}
          defaultValue={offer?.cancellationPolicy.kind ?? 'standard'}
          options={(offer?.cancellationPolicy.kind === 'custom' ? (['custom', 'standard', 'nonRefundable'] as const) : (['standard', 'nonRefundable'] as const)).map((kind) => ({
            value: kind,
            label: t(`policies.${kind}`),
          }))}
        />
      </div>
      <div className="flex flex-wrap gap-4">
        <Checkbox name="hasLiveAvailability" label={t('fields.hasLiveAvailability')} defaultChecked={offer?.hasLiveAvailability ?? true} />
        <Checkbox name="isActive" label={t('fields.isActive')} defaultChecked={offer?.isActive ?? true} />
      </div>
    </OpsForm>
  );
}

export async function AvailabilityForm({ offerId, perType }: { offerId: string; perType: boolean }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  return (
    <OpsForm action={editAvailabilityAction} submitLabel={t('availability.apply')} pendingLabel={common('saving')} successMessage={common('saved')}>
      <input type="hidden" name="offerId" value={offerId} />
      <div className="grid gap-3 md:grid-cols-3">
        <OpsField name="from" label={t('availability.from')} type="date" required />
        <OpsField name="until" label={t('availability.until')} type="date" required />
        <OpsField name="times" label={t('availability.times')} hint={t('availability.timesHint')} required maxLength={200} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('availability.weekdays')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['1', '2', '3', '4', '5', '6', '0'] as const).map((day) => (
            <Checkbox key={day} name="weekdays" value={day} label={t(`weekdays.${day}`)} defaultChecked />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 md:grid-cols-4">
        <OpsSelect
          name="mode"
          label={t('availability.mode')}
          options={(['set', 'close', 'remove'] as const).map((mode) => ({ value: mode, label: t(`availability.modes.${mode}`) }))}
        />
        <OpsField name="stock" label={t('availability.stock')} hint={t('availability.stockHint')} inputMode="numeric" />
        {perType ? (
          <>
            <OpsField name="stockAdults" label={t('availability.stockAdults')} inputMode="numeric" />
            <OpsField name="stockChildren" label={t('availability.stockChildren')} inputMode="numeric" />
          </>
        ) : null}
      </div>
    </OpsForm>
  );
}

export type PromoFormValues = { id: string; code: string; percentOff: number; validFrom: string | null; validUntil: string | null; maxUses: number | null; isActive: boolean };

export async function PromoForm({ promo }: { promo?: PromoFormValues }) {
  const [t, common] = await Promise.all([getTranslations('opsCatalog'), getTranslations('ops.common')]);
  return (
    <OpsForm action={savePromoAction} submitLabel={promo ? common('save') : t('promos.create')} pendingLabel={common('saving')} successMessage={common('saved')} resetOnSuccess={!promo}>
      {promo ? <input type="hidden" name="id" value={promo.id} /> : null}
      <div className="grid gap-3 md:grid-cols-5">
        <OpsField name="code" label={t('promos.code')} defaultValue={promo?.code} required maxLength={40} />
        <OpsField name="percentOff" label={t('promos.percentOff')} defaultValue={promo ? String(promo.percentOff) : ''} required inputMode="numeric" />
        <OpsField name="validFrom" label={t('promos.validFrom')} defaultValue={promo?.validFrom ?? ''} type="date" />
        <OpsField name="validUntil" label={t('promos.validUntil')} defaultValue={promo?.validUntil ?? ''} type="date" />
        <OpsField name="maxUses" label={t('promos.maxUses')} defaultValue={promo?.maxUses === null || !promo ? '' : String(promo.maxUses)} inputMode="numeric" />
      </div>
      <Checkbox name="isActive" label={t('fields.isActive')} defaultChecked={promo?.isActive ?? true} />
    </OpsForm>
  );
}
