import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { sheetZipInput, XLSX_CONTENT_TYPE, xlsxResponse, type XlsxColumn } from '@/server/exports/xlsx-stream';

type Row = { id: number; name: string; day: string; at: Date; amountMinor: number; note: string | null };

const columns: XlsxColumn<Row>[] = [
  { header: 'Id', width: 8, kind: 'integer', value: (row) => row.id },
  { header: 'Name', width: 24, kind: 'text', value: (row) => row.name },
  { header: 'Day', width: 12, kind: 'date', value: (row) => row.day },
  { header: 'At', width: 16, kind: 'dateTime', value: (row) => row.at },
  { header: 'Amount, AED', width: 14, kind: 'money', currency: 'AED', value: (row) => row.amountMinor },
  { header: 'Note', width: 30, kind: 'text', value: (row) => row.note },
];

function row(id: number): Row {
  return {
    id,
    name: `Guest ${id} — Иванов`,
    day: `2026-12-${String((id % 28) + 1).padStart(2, '0')}`,
    at: new Date(Date.UTC(2026, 10, 22, 9, 30) + id * 60_000),
    amountMinor: 12_345 + id,
    note: id % 2 === 0 ? null : `note ${id}`,
  };
}

/** Batches of generated rows, recording how many the writer has asked for. */
function generated(batchCount: number, batchSize: number) {
  const pulled = { batches: 0, finished: false };
  async function* batches() {
    for (let batch = 0; batch < batchCount; batch += 1) {
      pulled.batches += 1;
      yield Array.from({ length: batchSize }, (_, index) => row(batch * batchSize + index + 1));
    }
    pulled.finished = true;
  }
  return { pulled, batches: batches() };
}

async function readAll(response: Response): Promise<ArrayBuffer> {
  return response.arrayBuffer();
}

describe('xlsxResponse', () => {
  it('writes a typed sheet with a bold header, a frozen header row and column widths', async () => {
    const { batches } = generated(6, 500);
    const response = await xlsxResponse({ filename: 'rows-2026-11-22.xlsx', sheetName: 'Rows', columns, batches });
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rows-2026-11-22.xlsx"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await readAll(response));
    const sheet = workbook.getWorksheet('Rows');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(3_001);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Name', 'Day', 'At', 'Amount, AED', 'Note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(columns.map((_, index) => sheet.getColumn(index + 1).width)).toEqual([8, 24, 12, 16, 14, 30]);

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe(2);
    expect(second.getCell(2).value).toBe('Guest 2 — Иванов');
    expect(second.getCell(3).value).toEqual(new Date('2026-12-03T00:00:00Z'));
    expect(second.getCell(3).numFmt).toBe('dd mmm yy');
    expect(second.getCell(4).value).toEqual(new Date('2026-11-22T09:32:00Z'));
    expect(second.getCell(4).numFmt).toBe('dd mmm yy hh:mm');
    expect(second.getCell(5).value).toBe(123.47);
    expect(second.getCell(5).numFmt).toBe('#,##0.00 "AED"');
    expect(second.getCell(6).value).toBeNull();
    expect(sheet.getRow(3_001).getCell(1).value).toBe(3_000);
  });

  it('sends the first bytes before the rest of the rows are read, and reads rows only as the client reads', async () => {
    const { pulled, batches } = generated(40, 500);
    const response = await xlsxResponse({ filename: 'rows.xlsx', sheetName: 'Rows', columns, batches });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(pulled.finished).toBe(false);

    // A client that stops reading holds the writer back: it settles with most rows still unread.
    let whileStalled = -1;
    for (let wait = 0; wait < 20 && pulled.batches !== whileStalled; wait += 1) {
      whileStalled = pulled.batches;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(pulled.batches).toBe(whileStalled);
    expect(whileStalled).toBeLessThan(40);

    const chunks: Uint8Array<ArrayBuffer>[] = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(pulled.finished).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await new Blob(chunks).arrayBuffer());
    expect(workbook.getWorksheet('Rows')?.rowCount).toBe(20_001);
  });

  it('stops reading rows when the client goes away', async () => {
    const { pulled, batches } = generated(100, 500);
    const response = await xlsxResponse({ filename: 'rows.xlsx', sheetName: 'Rows', columns, batches });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const atCancel = pulled.batches;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulled.batches).toBe(atCancel);
    expect(pulled.finished).toBe(false);
  });

  it('fails the download when the rows fail mid-stream, and logs it', async () => {
    async function* failing() {
      yield [row(1), row(2)];
      throw new Error('database went away');
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await xlsxResponse({ filename: 'rows.xlsx', sheetName: 'Rows', columns, batches: failing() });
    await expect(readAll(response)).rejects.toThrow('database went away');
    expect(logged).toHaveBeenCalledWith('[xlsx] export failed', 'rows.xlsx', expect.any(Error));
    logged.mockRestore();
  });

  it('fails before a response exists when the first batch fails: an error status, never a 200 cut off', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      throw new Error('the query failed');
    }
    await expect(xlsxResponse({ filename: 'rows.xlsx', sheetName: 'Rows', columns, batches: failing() })).rejects.toThrow('the query failed');
  });

  it('finds the zip input of an exceljs sheet, so writing waits for deflate (guards an exceljs upgrade)', () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new Writable({ write: (_chunk, _encoding, done) => done() }) });
    const sheet = workbook.addWorksheet('Rows');
    sheet.addRow(['first']).commit();
    const input = sheetZipInput(sheet);
    expect(input?._writableState).toEqual(expect.objectContaining({ needDrain: expect.any(Boolean) }));
  });
});
