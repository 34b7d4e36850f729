'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { isLocale, localizedPath } from '@/i18n/locales';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { editAvailability } from './availability-admin';
import { saveHotel, savePickUpTime } from './hotel-admin';
import { addTourPhoto, deletePhoto, editPhotoAlt, movePhoto } from './gallery-admin';
import { saveOffer, savePlace, savePromo, saveTour } from './catalog-admin';
import {
  availabilityBulkSchema,
  hotelSchema,
  pickUpTimeSchema,
  offerSchema,
  photoAltSchema,
  photoDeleteSchema,
  photoMoveSchema,
  photoUploadSchema,
  placeSchema,
  promoSchema,
  tourSchema,
} from './schemas';

// The console's catalogue actions, each with `ops:catalog`. The pages a change shows on are
// expired once its transaction has committed (`revalidate`): their next request renders the change.

type CatalogChange = { id: string; tags: readonly string[] };

const expireShownPages = (change: CatalogChange) => ({ expire: change.tags });

/** The form learns the changed row's id; the tags were the wrapper's to expire. */
function changedId(result: ActionResult<CatalogChange>): ActionResult<{ id: string }> {
  return result.ok ? { ok: true, data: { id: result.data.id } } : result;
}

export const savePlaceAction = runOpsAction({
  schema: placeSchema,
  permission: 'ops:catalog',
  run: (input, { staff, db }) => savePlace(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const saveTourAction = runOpsAction({
  schema: tourSchema,
  form: { arrays: ['categoryIds', 'languages'], files: ['meetingMapFile'] },
  permission: 'ops:catalog',
  run: async (input, { staff, db }) => ({ ...(await saveTour(db, staff, input)), created: !input.id }),
  revalidate: expireShownPages,
  answer: async (result) => {
    // A new tour goes on to its own page, where its offers and calendar are added.
    if (result.ok && result.data.created) {
      const locale = await getLocale();
      redirect(localizedPath(isLocale(locale) ? locale : 'en', `/ops/catalog/tours/${result.data.id}`));
    }
    return changedId(result);
  },
});

export const saveOfferAction = runOpsAction({
  schema: offerSchema,
  permission: 'ops:catalog',
  run: (input, { staff, db }) => saveOffer(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

// The picker reads slots live, so no cached page shows them.
export const editAvailabilityAction = runOpsAction({
  schema: availabilityBulkSchema,
  form: { arrays: ['weekdays'] },
  permission: 'ops:catalog',
  run: (input, { staff, db }) => editAvailability(db, staff, input),
});

export const savePromoAction = runOpsAction({
  schema: promoSchema,
  permission: 'ops:catalog',
  run: async (input, { staff, db }) => ({ id: (await savePromo(db, staff, input)).id }),
});

export const addPhotoAction = runOpsAction({
  schema: photoUploadSchema,
  form: { files: ['file'] },
  permission: 'ops:catalog',
  run: (input, { staff, db }) => addTourPhoto(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const editPhotoAction = runOpsAction({
  schema: photoAltSchema,
  permission: 'ops:catalog',
  run: (input, { staff, db }) => editPhotoAlt(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const movePhotoAction = runOpsAction({
  schema: photoMoveSchema,
  permission: 'ops:catalog',
  run: (input, { staff, db }) => movePhoto(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const deletePhotoAction = runOpsAction({
  schema: photoDeleteSchema,
  permission: 'ops:catalog',
  run: (input, { staff, db }) => deletePhoto(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const saveHotelAction = runOpsAction({ schema: hotelSchema, permission: 'ops:catalog', run: (input, { staff, db }) => saveHotel(db, staff, input) });

export const savePickUpTimeAction = runOpsAction({ schema: pickUpTimeSchema, permission: 'ops:catalog', run: (input, { staff, db }) => savePickUpTime(db, staff, input) });
