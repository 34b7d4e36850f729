import 'server-only';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import type { GroupRowPreview, GroupRowResult } from '@/shared/group-booking/sheet-rules';
import { bookGroupRows, previewGroupRows } from './group-rows';
import { groupResultWorkbook } from './group-sheets';
import { parseGroupSheet } from './parse-sheet';

// Group booking from a spreadsheet (docs/bookings.md#group-booking-from-a-spreadsheet): the file
// is checked at the edge (sheet-file.ts), read (parse-sheet.ts), previewed and booked row by row
// (group-rows.ts), and answered with a result workbook (group-sheets.ts).

export type GroupPreview = { fileName: string; rows: GroupRowPreview[] };
export type GroupBookingOutcome = { fileName: string; rows: GroupRowResult[]; resultSheet: { fileName: string; base64: string } };

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

export async function previewGroupSheet(db: Database, principal: Principal, file: File, locale: Locale, now?: Date): Promise<GroupPreview> {
  const rows = await parseGroupSheet(await bytesOf(file));
  return { fileName: file.name, rows: await previewGroupRows(db, principal, rows, locale, now) };
}

export async function bookGroupSheet(db: Database, principal: Principal, file: File, locale: Locale): Promise<GroupBookingOutcome> {
  const rows = await parseGroupSheet(await bytesOf(file));
  const results = await bookGroupRows(db, principal, rows, locale);
  const workbook = await groupResultWorkbook(results, locale);
  const base = file.name.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 80) || 'group';
  return { fileName: file.name, rows: results, resultSheet: { fileName: `${base}-result.xlsx`, base64: workbook.toString('base64') } };
}
