'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { isLocale, localizedPath } from '@/i18n/locales';
import { runOpsAction } from '@/server/actions/run-action';
import { expireCatalogPages } from '@/server/catalog/catalog-changes';
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

// The console's catalogue actions: forms post FormData (multi-valued fields as arrays), every
// action runs through runOpsAction with `ops:catalog`, and the pages a change shows on are
// expired once its transaction has committed: their next request renders the change.

type FormState = unknown;

function formObject(formData: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    if (key.startsWith('$')) continue;
    const values = formData.getAll(key);
    object[key] = arrays.includes(key) ? values.filter((value) => typeof value === 'string') : values[0];
  }
  for (const key of arrays) object[key] ??= [];
  return object;
}

export async function savePlaceAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: placeSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await savePlace(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function saveTourAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: tourSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await saveTour(db, staff, input);
        expireCatalogPages(change.tags);
        // A new tour goes on to its own page, where its offers and calendar are added.
        if (!input.id) {
          const locale = await getLocale();
          redirect(localizedPath(isLocale(locale) ? locale : 'en', `/ops/catalog/tours/${change.id}`));
        }
        return { id: change.id };
      },
    },
    formObject(formData, ['categoryIds']),
  );
}

export async function saveOfferAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: offerSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await saveOffer(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function editAvailabilityAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    // The picker reads slots live, so no cached page shows them.
    { schema: availabilityBulkSchema, permission: 'ops:catalog', run: (input, { staff, db }) => editAvailability(db, staff, input) },
    formObject(formData, ['weekdays']),
  );
}

export async function savePromoAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    { schema: promoSchema, permission: 'ops:catalog', run: async (input, { staff, db }) => ({ id: (await savePromo(db, staff, input)).id }) },
    formObject(formData),
  );
}

export async function addPhotoAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: photoUploadSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await addTourPhoto(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function editPhotoAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: photoAltSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await editPhotoAlt(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function movePhotoAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: photoMoveSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await movePhoto(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function deletePhotoAction(_previous: FormState, formData: FormData) {
  return runOpsAction(
    {
      schema: photoDeleteSchema,
      permission: 'ops:catalog',
      run: async (input, { staff, db }) => {
        const change = await deletePhoto(db, staff, input);
        expireCatalogPages(change.tags);
        return { id: change.id };
      },
    },
    formObject(formData),
  );
}

export async function saveHotelAction(_previous: FormState, formData: FormData) {
  return runOpsAction({ schema: hotelSchema, permission: 'ops:catalog', run: (input, { staff, db }) => saveHotel(db, staff, input) }, formObject(formData));
}

export async function savePickUpTimeAction(_previous: FormState, formData: FormData) {
  return runOpsAction({ schema: pickUpTimeSchema, permission: 'ops:catalog', run: (input, { staff, db }) => savePickUpTime(db, staff, input) }, formObject(formData));
}
