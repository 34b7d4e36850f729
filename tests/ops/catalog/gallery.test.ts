import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GET } from '@/app/api/catalog/images/[id]/route';
import { auditLog, photos, staffMembers, storedFiles, tours } from '@/server/db/schema';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { addPhotoAction, deletePhotoAction, movePhotoAction } from '@/server/ops/catalog/catalog-actions';
import { MAX_UPLOAD_BYTES } from '@/shared/files/file-rules';
import { apiRequest, serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// A tour's gallery in the console: images checked by content and size, stored through the file
// storage, served publicly by /api/catalog/images/[id], reordered and deleted with audit entries.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), revalidateTag: (tag: string) => void revalidated.push(tag) }));
vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

let database: TestDatabase;
let root: string;
let tourId: string;

function form(values: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  serveRoutesFrom(database);
  root = await mkdtemp(path.join(tmpdir(), 'catalog-images-'));
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = new LocalDiskStorage(root);
  const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, 'operator@traveldesk.test'));
  staffSession.staff = { staffId: member!.id, email: member!.email, name: member!.name, role: 'operator' };
  const [tour] = await database.db.select({ id: tours.id }).from(tours).where(eq(tours.slug, 'dubai-frame'));
  tourId = tour!.id;
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => void (revalidated.length = 0));

const gallery = () => database.db.select().from(photos).where(eq(photos.tourId, tourId)).orderBy(photos.position);

describe('the gallery', () => {
  it('stores a PNG with no agency, appends it, serves it publicly with long cache headers and revalidates the tour', async () => {
    const before = await gallery();
    const result = await addPhotoAction(null, form({ tourId, altEn: 'The frame', altRu: 'Рамка', file: new File([PNG], 'frame.png', { type: 'image/png' }) }));
    expect(result).toMatchObject({ ok: true });
    const after = await gallery();
    const added = after.at(-1)!;
    expect(after).toHaveLength(before.length + 1);
    expect(added).toMatchObject({ position: before.length, alt: { en: 'The frame', ru: 'Рамка' } });
    const fileId = added.url.replace('/api/catalog/images/', '');
    const [file] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(file).toMatchObject({ agencyId: null, purpose: 'tourImage', uploadedByStaffId: staffSession.staff!.staffId });
    expect(revalidated).toContain('catalog:tour:dubai-frame');

    session.principal = null;
    const response = await GET(apiRequest(added.url), { params: Promise.resolve({ id: fileId }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a PDF named .png and a file over 5 MB at the file field, storing nothing', async () => {
    const count = (await gallery()).length;
    const wrong = await addPhotoAction(null, form({ tourId, altEn: 'x', altRu: 'х', file: new File([PDF], 'fake.png', { type: 'image/png' }) }));
    expect(wrong).toMatchObject({ ok: false, status: 422, fieldErrors: { file: expect.any(String) } });
    const large = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    large.set(PNG);
    const tooLarge = await addPhotoAction(null, form({ tourId, altEn: 'x', altRu: 'х', file: new File([large], 'big.png', { type: 'image/png' }) }));
    expect(tooLarge).toMatchObject({ ok: false, fieldErrors: { file: expect.any(String) } });
    const missing = await addPhotoAction(null, form({ tourId, altEn: 'x', altRu: '' }));
    expect(missing).toMatchObject({ ok: false, fieldErrors: { file: expect.any(String), altRu: expect.any(String) } });
    expect(await gallery()).toHaveLength(count);
  });

  it('moves an image earlier and deletes one, keeping positions without gaps', async () => {
    const before = await gallery();
    const last = before.at(-1)!;
    expect(await movePhotoAction(null, form({ id: last.id, direction: 'up' }))).toMatchObject({ ok: true });
    expect((await gallery()).map((photo) => photo.id)).toEqual([...before.slice(0, -2), last, before.at(-2)!].map((photo) => photo.id));
    expect(await deletePhotoAction(null, form({ id: before[0]!.id }))).toMatchObject({ ok: true });
    const after = await gallery();
    expect(after.map((photo) => photo.position)).toEqual(after.map((_, index) => index));
    expect(after.map((photo) => photo.id)).not.toContain(before[0]!.id);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entity, 'photo'))).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['photo.create', 'photo.move', 'photo.delete']));
  });

  it('serves no file that is not a catalogue image', async () => {
    const response = await GET(apiRequest('/api/catalog/images/x'), { params: Promise.resolve({ id: crypto.randomUUID() }) });
    expect(response.status).toBe(404);
  });
});
