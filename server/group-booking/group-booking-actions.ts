'use server';

import 'server-only';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { toLocale } from '@/i18n/locales';
import { runAction } from '@/server/actions/run-action';
import { bookGroupSheet, previewGroupSheet } from './group-booking';

// The group booking page's two actions. Both take the file itself: the preview keeps nothing on
// the server, and "Book" reads and checks the same file again, so what is booked is what the
// file says, not what a browser claims the preview said.

const sheetSchema = z.object({ file: z.instanceof(File, { error: 'groupBooking.file.required' }) });

/** Checks every row of the file against the catalogue, stock and rules; books nothing. */
export const previewGroupSheetAction = runAction({
  schema: sheetSchema,
  form: { files: ['file'] },
  permission: 'bookings:create',
  run: async ({ file }, { principal, db }) => previewGroupSheet(db, principal, file, toLocale(await getLocale())),
});

/** Books the file's valid rows (one transaction each) and answers every row's outcome and the result sheet. */
export const bookGroupSheetAction = runAction({
  schema: sheetSchema,
  form: { files: ['file'] },
  permission: 'bookings:create',
  run: async ({ file }, { principal, db }) => bookGroupSheet(db, principal, file, toLocale(await getLocale())),
});
