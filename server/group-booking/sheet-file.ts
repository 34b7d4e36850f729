import 'server-only';
import { inflateRawSync } from 'node:zlib';
import { RuleViolation } from '@/server/errors';
import { GROUP_SHEET_MAX_BYTES, GROUP_SHEET_MAX_ROWS } from '@/shared/group-booking/sheet-rules';

// The edge of a group booking upload: what the bytes are, checked before any parser reads them.
// The type comes from the first bytes, never the name (file-rules.ts does the same for documents).
// An xlsx is a zip: its entries are counted and inflated here under a cap, so a zip bomb (a few
// kilobytes that inflate to gigabytes, or sizes in the directory that lie) is refused before
// exceljs unpacks it. A CSV must be UTF-8: Windows-1251 and UTF-16 files are refused with what to
// do, never guessed (a guessed encoding books a misspelt guest name on a voucher).

/** More entries than a workbook has (a saved xlsx has 10–20): a zip made to exhaust the reader. */
export const MAX_ZIP_ENTRIES = 100;
/** Inflated bytes of the whole workbook; 500 rows of text are well under 5 MB of XML. */
export const MAX_UNZIPPED_BYTES = 30 * 1024 * 1024;

export type SheetFile = { kind: 'xlsx'; bytes: Uint8Array } | { kind: 'csv'; text: string };

const FIELD = 'file';
const refuse = (code: string, values: Record<string, string | number> = {}): never => {
  throw new RuleViolation(`groupBooking.file.${code}`, values, FIELD);
};

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** Recognises an upload as an xlsx or a UTF-8 CSV, or throws the reason it is refused. */
export function recogniseSheetFile(bytes: Uint8Array): SheetFile {
  if (bytes.byteLength === 0) return refuse('empty');
  if (bytes.byteLength > GROUP_SHEET_MAX_BYTES) return refuse('tooLarge', { mb: GROUP_SHEET_MAX_BYTES / 1024 / 1024 });
  if (readU32(bytes, 0) === ZIP_LOCAL) {
    checkZip(bytes);
    return { kind: 'xlsx', bytes };
  }
  // Excel 97–2003 (.xls) is an OLE container: ask for xlsx rather than read a format of its own.
  if (OLE_MAGIC.every((byte, index) => bytes[index] === byte)) return refuse('oldExcel');
  return { kind: 'csv', text: decodeCsv(bytes) };
}

function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return refuse('encoding');
  const head = bytes.subarray(0, 4096);
  // A NUL byte is no CSV: a picture, a PDF or another binary file renamed .csv.
  if (head.includes(0)) return refuse('unsupported');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('encoding');
  }
  // Excel's "CSV UTF-8" starts with a byte order mark.
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') return refuse('empty');
  return text;
}

/**
 * Walks the zip's central directory and inflates every entry under a cap: more than
 * MAX_ZIP_ENTRIES entries, a method other than stored or deflate, ZIP64, or more than
 * MAX_UNZIPPED_BYTES inflated in all is refused. Sizes are not trusted: each entry is inflated
 * with the room left, so one that lies about its size is stopped at the cap too.
 */
function checkZip(bytes: Uint8Array): void {
  const end = findEndOfDirectory(bytes);
  if (end < 0) return refuse('damaged');
  const entries = readU16(bytes, end + 10);
  const directoryOffset = readU32(bytes, end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return refuse('zipBomb');
  if (entries === 0) return refuse('damaged');
  if (entries > MAX_ZIP_ENTRIES) return refuse('zipBomb');
  let inflatedTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > bytes.byteLength || readU32(bytes, at) !== ZIP_CENTRAL) return refuse('damaged');
    const method = readU16(bytes, at + 10);
    const compressedSize = readU32(bytes, at + 20);
    const declaredSize = readU32(bytes, at + 24);
    const nameLength = readU16(bytes, at + 28);
    const extraLength = readU16(bytes, at + 30);
    const commentLength = readU16(bytes, at + 32);
    const localOffset = readU32(bytes, at + 42);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) return refuse('zipBomb');
    if (declaredSize > MAX_UNZIPPED_BYTES - inflatedTotal) return refuse('zipBomb');
    const inflated = inflateEntry(bytes, localOffset, method, compressedSize, MAX_UNZIPPED_BYTES - inflatedTotal);
    inflatedTotal += inflated.byteLength;
    // The guests' sheet's rows are counted here, already inflated: 10,000 rows are refused before
    // exceljs spends seconds building them (parse-sheet.ts counts again, whatever the sheet's file).
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString('latin1');
    if (name === 'xl/worksheets/sheet1.xml' && countRows(inflated) > GROUP_SHEET_MAX_ROWS + 1) refuse('tooManyRows', { max: GROUP_SHEET_MAX_ROWS });
    at += 46 + nameLength + extraLength + commentLength;
  }
}

/** The entry inflated, at most `room` bytes of it. */
function inflateEntry(bytes: Uint8Array, localOffset: number, method: number, compressedSize: number, room: number): Uint8Array {
  if (localOffset + 30 > bytes.byteLength || readU32(bytes, localOffset) !== ZIP_LOCAL) return refuse('damaged');
  const start = localOffset + 30 + readU16(bytes, localOffset + 26) + readU16(bytes, localOffset + 28);
  if (start + compressedSize > bytes.byteLength) return refuse('damaged');
  const data = bytes.subarray(start, start + compressedSize);
  if (method === 0) return data;
  if (method !== 8) return refuse('damaged');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, room) });
  } catch (error) {
    // Node names the cap it stopped at: ERR_BUFFER_TOO_LARGE.
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) return refuse('zipBomb');
    return refuse('damaged');
  }
}

/** `<row ` elements of a worksheet's XML. */
function countRows(xml: Uint8Array): number {
  const buffer = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  let count = 0;
  for (let at = buffer.indexOf('<row '); at >= 0; at = buffer.indexOf('<row ', at + 5)) count += 1;
  return count;
}

function findEndOfDirectory(bytes: Uint8Array): number {
  const lowest = Math.max(0, bytes.byteLength - 22 - 0xffff);
  for (let at = bytes.byteLength - 22; at >= lowest; at -= 1) if (readU32(bytes, at) === ZIP_END) return at;
  return -1;
}

function readU16(bytes: Uint8Array, at: number): number {
  return at + 2 > bytes.byteLength ? 0 : bytes[at]! | (bytes[at + 1]! << 8);
}

function readU32(bytes: Uint8Array, at: number): number {
  return at + 4 > bytes.byteLength ? 0 : (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}
