import 'server-only';
import ExcelJS from 'exceljs';
import type { Locale } from '@/i18n/locales';
import { RuleViolation } from '@/server/errors';
import en from '@/messages/group-booking/en.json';
import ru from '@/messages/group-booking/ru.json';
import { GROUP_SHEET_COLUMNS, GROUP_SHEET_MAX_ROWS, type GroupSheetColumn, type GroupSheetRow } from '@/shared/group-booking/sheet-rules';
import { recogniseSheetFile } from './sheet-file';

// A group booking file as rows of text by column. The first sheet of an xlsx, or a CSV (comma or
// semicolon, as Excel writes it in English or Russian). Formulas are refused, never evaluated:
// a cell's cached result may not be what the agent sees, and a formula is how a spreadsheet
// smuggles a link or a command into the result sheet someone opens later.

const LABELS: Record<Locale, Record<GroupSheetColumn, string>> = { en: en.groupBooking.columns, ru: ru.groupBooking.columns };

/** The file's rows, or the reason the whole file is refused (nothing is booked from it). */
export async function parseGroupSheet(bytes: Uint8Array): Promise<GroupSheetRow[]> {
  const file = recogniseSheetFile(bytes);
  const table = file.kind === 'xlsx' ? await readXlsx(file.bytes) : readCsv(file.text);
  return rowsOf(table);
}

type Table = { header: string[]; rows: { row: number; values: string[] }[] };

function refuse(code: string, values: Record<string, string | number> = {}): never {
  throw new RuleViolation(`groupBooking.file.${code}`, values, 'file');
}

function rowsOf(table: Table): GroupSheetRow[] {
  const header = table.header.map(normaliseHeader);
  const positions = new Map<GroupSheetColumn, number>();
  for (const column of GROUP_SHEET_COLUMNS) {
    const names = [column.key, LABELS.en[column.key], LABELS.ru[column.key]].map(normaliseHeader);
    const index = header.findIndex((cell) => names.includes(cell));
    if (index >= 0) positions.set(column.key, index);
  }
  const missing = GROUP_SHEET_COLUMNS.filter((column) => column.required && !positions.has(column.key));
  if (missing.length > 0) refuse('missingColumns', { columns: missing.map((column) => LABELS.en[column.key]).join(', ') });
  const rows = table.rows.filter((row) => row.values.some((value) => value.trim() !== ''));
  if (rows.length === 0) refuse('noRows');
  if (rows.length > GROUP_SHEET_MAX_ROWS) refuse('tooManyRows', { max: GROUP_SHEET_MAX_ROWS });
  return rows.map(({ row, values }) => {
    const cells = {} as Record<GroupSheetColumn, string>;
    for (const column of GROUP_SHEET_COLUMNS) {
      const index = positions.get(column.key);
      cells[column.key] = index === undefined ? '' : (values[index] ?? '').trim();
    }
    return { row, cells };
  });
}

/** `Guest name*` and `guest_name` and `GUEST NAME` name one column. */
function normaliseHeader(value: string): string {
  return value
    .toLowerCase()
    .replace(/\(.*?\)|\*/g, '')
    .replace(/[\s_]+/g, ' ')
    .trim();
}

async function readXlsx(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    return refuse('damaged');
  }
  // A formula anywhere in the workbook refuses it, not only in the guests' sheet.
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || isFormulaValue(cell.value)) refuse('formula', { cell: `${sheet.name}!${cell.address}`, row: rowNumber });
      });
    });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return refuse('damaged');
  // The header and the row limit are known before a single row is read.
  if (sheet.actualRowCount > GROUP_SHEET_MAX_ROWS + 1) refuse('tooManyRows', { max: GROUP_SHEET_MAX_ROWS });
  const lines: { row: number; values: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    lines.push({ row: rowNumber, values: Array.from(values, (value) => value ?? '') });
  });
  const [header, ...rows] = lines;
  if (!header) return refuse('noRows');
  return { header: header.values, rows };
}

function isFormulaValue(value: ExcelJS.CellValue): boolean {
  return typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);
}

/** A cell as the text the agent typed: dates as yyyy-MM-dd, times as HH:mm, links and rich text as their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Excel keeps a time of day as a fraction of 30 December 1899.
    return value.getUTCFullYear() <= 1900 ? iso.slice(11, 16) : iso.slice(0, 10);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return refuse('cellError');
  return '';
}

/** RFC 4180 CSV: quoted fields may hold the delimiter, quotes ("") and line breaks. */
export function readCsv(text: string): Table {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const lines: { row: number; values: string[] }[] = [];
  let values: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let lineStart = 1;
  const endField = () => {
    // A cell that starts with = (quoted or not) is a formula to every spreadsheet that opens the file.
    if (field.trimStart().startsWith('=')) refuse('formula', { cell: `${columnName(values.length)}${lineStart}`, row: lineStart });
    values.push(field);
    field = '';
  };
  const endLine = () => {
    endField();
    lines.push({ row: lineStart, values });
    if (lines.length > GROUP_SHEET_MAX_ROWS + 1 && values.some((value) => value.trim() !== '')) refuse('tooManyRows', { max: GROUP_SHEET_MAX_ROWS });
    values = [];
    lineStart = line;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === delimiter) {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
      endLine();
    } else field += char;
  }
  if (quoted) refuse('damaged');
  if (field !== '' || values.length > 0) {
    endLine();
  }
  const [header, ...rows] = lines;
  if (!header) return refuse('noRows');
  return { header: header.values, rows };
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
