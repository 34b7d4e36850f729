import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { storedFiles } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { allowedFormats, checkUpload, MAX_UPLOAD_BYTES } from '@/shared/files/file-rules';
import { LocalDiskStorage, S3Storage } from '@/server/files/storage';
import { loadVisibleFile, saveUpload } from '@/server/files/uploads';
import { DESERT_ROSE, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%test\n');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
// "MZ": the start of every Windows executable.
const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);

describe('upload rules', () => {
  it('recognises PDF, JPG and PNG by their first bytes', () => {
    expect(checkUpload(PDF_BYTES, 'tradeLicence')).toMatchObject({ ok: true, kind: 'pdf', contentType: 'application/pdf' });
    expect(checkUpload(PNG_BYTES, 'paymentSlip')).toMatchObject({ ok: true, kind: 'png' });
    expect(checkUpload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1]), 'signatoryId')).toMatchObject({ ok: true, kind: 'jpg' });
  });

  it('refuses an executable whatever it is named, listing the allowed formats', () => {
    expect(checkUpload(EXE_BYTES, 'tradeLicence')).toEqual({ ok: false, code: 'files.unsupportedFormat', values: allowedFormats('tradeLicence') });
    expect(allowedFormats('tradeLicence').list).toBe('PDF, JPG, PNG');
  });

  it('refuses a file over 5 MB and accepts one of exactly 5 MB', () => {
    const exactly = new Uint8Array(MAX_UPLOAD_BYTES);
    exactly.set(PDF_BYTES);
    expect(checkUpload(exactly, 'tradeLicence').ok).toBe(true);
    const over = new Uint8Array(6 * 1024 * 1024);
    over.set(PDF_BYTES);
    expect(checkUpload(over, 'tradeLicence')).toMatchObject({ ok: false, code: 'files.tooLarge' });
  });
});

describe('uploads on the real database and local disk', () => {
  let database: TestDatabase;
  let root: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
    root = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(async () => {
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('stores a checked file and reads the same bytes back for its agency', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const file = new File([PDF_BYTES], '../../etc/slip<1>.exe.pdf', { type: 'application/x-msdownload' });
    const stored = await saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'paymentSlip', file, uploadedBy: senior.userId, field: 'slip' }, storage);
    expect(stored).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF_BYTES.byteLength, originalName: 'slip1.exe.pdf' });
    const body = await storage.get(stored.storageKey);
    expect(new Uint8Array(await new Response(body).arrayBuffer())).toEqual(PDF_BYTES);
    await expect(loadVisibleFile(database.db, senior, stored.id)).resolves.toMatchObject({ id: stored.id });
  });

  it('hides a file from every other agency', async () => {
    const other = await principalFor(database.db, 'admin@gulfhorizons.test');
    const [file] = await database.db.select().from(storedFiles).limit(1);
    await expect(loadVisibleFile(database.db, other, file!.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a renamed executable at its field and records nothing', async () => {
    const before = await database.db.$count(storedFiles);
    const file = new File([EXE_BYTES], 'licence.pdf', { type: 'application/pdf' });
    const refused = saveUpload(database.db, { agencyId: DESERT_ROSE, purpose: 'tradeLicence', file, uploadedBy: null, field: 'tradeLicence' }, storage);
    await expect(refused).rejects.toBeInstanceOf(RuleViolation);
    await expect(refused).rejects.toMatchObject({ code: 'files.unsupportedFormat', field: 'tradeLicence' });
    expect(await database.db.$count(storedFiles)).toBe(before);
  });

  it('refuses storage keys it did not generate', async () => {
    await expect(storage.get('../pglite/PG_VERSION')).rejects.toThrow(/Refusing/);
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, Uint8Array>();
  const server = setupServer(
    http.put('http://s3.test/bucket/*', async ({ request }) => {
      if (!request.headers.get('authorization')?.startsWith('AWS4-HMAC-SHA256')) return new HttpResponse(null, { status: 403 });
      objects.set(new URL(request.url).pathname, new Uint8Array(await request.arrayBuffer()));
      return new HttpResponse(null, { status: 200 });
    }),
    http.get('http://s3.test/bucket/*', ({ request }) => {
      const bytes = objects.get(new URL(request.url).pathname);
      return bytes ? new HttpResponse(bytes, { status: 200 }) : new HttpResponse(null, { status: 404 });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('puts signed objects and reads them back; an unknown key is null', async () => {
    const storage = new S3Storage({ endpoint: 'http://s3.test', bucket: 'bucket', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret' });
    const key = `${DESERT_ROSE}/6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0099.pdf`;
    await storage.put(key, new Uint8Array(PDF_BYTES), 'application/pdf');
    expect(new Uint8Array(await new Response(await storage.get(key)).arrayBuffer())).toEqual(PDF_BYTES);
    expect(await storage.get(`${DESERT_ROSE}/6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0098.pdf`)).toBeNull();
  });
});
