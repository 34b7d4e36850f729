// Group booking from a spreadsheet: the limits and columns the page, the template and the server
// share. Pure, so the browser can refuse a file that is too large before sending it.
import { MAX_UPLOAD_BYTES } from '@/shared/files/file-rules';

/** Rows booked from one file. A group larger than this is several files: one row is one transaction, and the agent reads every row's preview. */
export const GROUP_SHEET_MAX_ROWS = 500;
/** The upload's own size cap, the portal's one upload limit. */
export const GROUP_SHEET_MAX_BYTES = MAX_UPLOAD_BYTES;
/** What the file input offers: Excel's xlsx, and CSV saved as UTF-8. */
export const GROUP_SHEET_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The columns, in the template's order; a header may be the key or its English or Russian label. */
export const GROUP_SHEET_COLUMNS = [
  { key: 'offer_id', required: true },
  { key: 'date', required: true },
  { key: 'time', required: false },
  { key: 'adults', required: true },
  { key: 'children', required: false },
  { key: 'infants', required: false },
  { key: 'guest_name', required: true },
  { key: 'guest_phone', required: true },
  { key: 'guest_email', required: true },
  { key: 'hotel_id', required: false },
  { key: 'room', required: false },
  { key: 'notes', required: false },
] as const;

export type GroupSheetColumn = (typeof GROUP_SHEET_COLUMNS)[number]['key'];

/** One data row of the sheet as text, by column; `row` is its line in the file (the header is 1). */
export type GroupSheetRow = { row: number; cells: Record<GroupSheetColumn, string> };

/** A row's preview: bookable, or why not (messages in the agent's language). */
export type GroupRowPreview = {
  row: number;
  cells: Record<GroupSheetColumn, string>;
  tour: string | null;
  /** AED fils; null when the row is not bookable. */
  publishedTotalMinor: number | null;
  netTotalMinor: number | null;
  errors: string[];
};

/** A row's outcome after "Book": its reference (new, or the one an earlier upload of it made), or its error. */
export type GroupRowResult = {
  row: number;
  cells: Record<GroupSheetColumn, string>;
  outcome: 'booked' | 'alreadyBooked' | 'failed' | 'skipped';
  reference: string | null;
  errors: string[];
};
