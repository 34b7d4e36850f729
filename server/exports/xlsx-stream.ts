import 'server-only';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Currency } from '@/shared/money/money';

// The one way the portal writes a spreadsheet: an xlsx built row by row as the rows arrive and sent
// as it is built, so a 100,000-row export neither waits for the whole file nor holds it in memory.

export type XlsxCellKind = 'text' | 'date' | 'dateTime' | 'money' | 'integer';

/** A money column says its currency: in its header (the caller's message) and in every cell's format. */
export type XlsxColumn<Row> = { header: string; width: number; value: (row: Row) => string | number | Date | null } & (
  | { kind: Exclude<XlsxCellKind, 'money'> }
  | { kind: 'money'; currency: Currency }
);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NUMBER_FORMATS: Record<Exclude<XlsxCellKind, 'money'>, string | undefined> = {
  text: undefined,
  date: 'dd mmm yy',
  dateTime: 'dd mmm yy hh:mm',
  integer: '0',
};

/** The row gives minor units; Excel shows a number in the column's currency that it can still sum. */
function numberFormat(column: XlsxColumn<never>): string | undefined {
  return column.kind === 'money' ? `#,##0.00 "${column.currency}"` : NUMBER_FORMATS[column.kind];
}

/** Compressed bytes held between the workbook and the client before the rows wait for the client. */
const BUFFERED_BYTES = 32 * 1024;

type CellValue = string | number | Date | null;

/** A day (`yyyy-MM-dd` or a Date's UTC day) as UTC midnight, which Excel reads as that day. */
function dayCell(value: string | Date): Date {
  const day = typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00Z`);
}

function cellValue(kind: XlsxCellKind, value: CellValue): CellValue {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'date':
      return typeof value === 'number' ? value : dayCell(value);
    case 'dateTime':
      return typeof value === 'string' ? new Date(value) : value;
    case 'money':
      return Number(value) / 100;
    case 'integer':
      return Number(value);
  }
}

/** The `filename` of a Content-Disposition header, ASCII only (the names we give are). */
function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;
}

type SinkState = { done: boolean; waiting: (() => void) | null };

/**
 * A sink for the workbook's zip output that hands each chunk to the response body and holds the
 * writer back (by not acknowledging the chunk) while the client has not read what is queued.
 */
function bodySink(body: ReadableStreamDefaultController<Uint8Array>, state: SinkState): Writable {
  return new Writable({
    highWaterMark: BUFFERED_BYTES,
    write(chunk: Buffer, _encoding, callback) {
      if (state.done) return callback();
      body.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((body.desiredSize ?? 0) > 0) callback();
      else state.waiting = () => callback();
    },
    final(callback) {
      if (!state.done) {
        state.done = true;
        body.close();
      }
      callback();
    },
  });
}

type DrainingStream = {
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
  _writableState?: { needDrain: boolean };
};

/**
 * exceljs hands a sheet's XML to its zip without backpressure (its StreamBuf ignores what write()
 * returns), so rows written faster than deflate compresses them pile up, uncompressed, in the
 * zip's input: 100 MB for 150,000 rows. This is that input (archiver's readable-stream
 * PassThrough), so the writer can wait for it as for the response. Undefined if exceljs changes.
 */
export function sheetZipInput(sheet: ExcelJS.Worksheet): DrainingStream | undefined {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return input && typeof input === 'object' && '_writableState' in input ? (input as DrainingStream) : undefined;
}

/** `rest`, whose first result was already read, with that result put back in front. */
function startingWith<Row>(first: IteratorResult<Row[]>, rest: AsyncIterator<Row[]>): AsyncIterator<Row[]> {
  // Let go once handed over, so the first batch does not live as long as the export.
  let head: IteratorResult<Row[]> | undefined = first;
  return {
    next() {
      const result = head;
      head = undefined;
      return result ? Promise.resolve(result) : rest.next();
    },
    return(value?: unknown) {
      head = undefined;
      return rest.return ? rest.return(value) : Promise.resolve({ done: true, value: undefined });
    },
  };
}

/** Writes the workbook into `sink`, reading the next batch only once the client has caught up. */
async function writeWorkbook<Row>(sink: Writable, cancelled: AbortSignal, options: { sheetName: string; columns: XlsxColumn<Row>[]; batches: AsyncIterator<Row[]> }) {
  const { columns } = options;
  const drained = (stream: DrainingStream) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        cancelled.removeEventListener('abort', done);
        resolve();
      };
      stream.once('drain', done);
      cancelled.addEventListener('abort', done, { once: true });
    });
  /** Waits until deflate has taken the sheet's XML and the client has read the compressed bytes. */
  const caughtUp = async () => {
    await nextTurn();
    const zipInput = sheetZipInput(sheet);
    while (zipInput?._writableState?.needDrain && !cancelled.aborted) await drained(zipInput);
    while (sink.writableNeedDrain && !cancelled.aborted) await drained(sink);
  };

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => {
    const numFmt = numberFormat(column);
    return { width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  // One batch is read ahead, so the database works while the previous batch is being written.
  const batches = options.batches;
  const readAhead = () => {
    const next = batches.next();
    // Awaited in the next turn of the loop; until then a failure must not count as unhandled.
    next.catch(() => undefined);
    return next;
  };
  let pending = readAhead();
  let exhausted = false;
  try {
    while (!cancelled.aborted) {
      const next = await pending;
      if (next.done) {
        exhausted = true;
        break;
      }
      pending = readAhead();
      for (const row of next.value) {
        sheet.addRow(columns.map((column) => cellValue(column.kind, column.value(row)))).commit();
      }
      await caughtUp();
    }
  } finally {
    // A client that went away, or a failure, stops the rows' source (e.g. ends its database reads).
    if (!exhausted) await batches.return?.().catch(() => undefined);
  }
  if (!exhausted) return;
  sheet.commit();
  await workbook.commit();
}

/**
 * An attachment response whose body is the workbook, written batch by batch as the rows arrive.
 * The first batch is read before the response exists, so a query that fails (a bad filter, the
 * database gone) rejects here and the caller answers with an error status, instead of a 200 whose
 * download then breaks off. Only that one batch is read early: the writer still reads one batch
 * ahead of what it writes, as before.
 */
export async function xlsxResponse<Row>(options: { filename: string; sheetName: string; columns: XlsxColumn<Row>[]; batches: AsyncIterable<Row[]> }): Promise<Response> {
  const source = options.batches[Symbol.asyncIterator]();
  const batches = startingWith(await source.next(), source);
  const state: SinkState = { done: false, waiting: null };
  const cancelled = new AbortController();
  const release = () => {
    const waiting = state.waiting;
    state.waiting = null;
    waiting?.();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        writeWorkbook(bodySink(controller, state), cancelled.signal, { ...options, batches }).catch((error: unknown) => {
          if (state.done) return;
          state.done = true;
          console.error('[xlsx] export failed', options.filename, error);
          // An errored body ends the response without its last chunk: the download fails.
          controller.error(error);
          release();
        });
      },
      pull() {
        release();
      },
      cancel() {
        state.done = true;
        cancelled.abort();
        release();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BUFFERED_BYTES }),
  );

  return new Response(stream, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': attachment(options.filename),
      'cache-control': 'private, no-store',
    },
  });
}
