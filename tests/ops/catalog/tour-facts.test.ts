import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditLog, staffMembers, storedFiles, tours } from '@/server/db/schema';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { saveTourAction } from '@/server/ops/catalog/catalog-actions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The tour page's facts as the operator edits them in the console: inclusions and exclusions,
// languages, accessibility, the meeting point and a video on our own host; bad input is refused
// field by field and changes nothing.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string) => revalidated.push(tag),
}));
vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
let root: string;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const now = new Date('2026-11-21T08:00:00Z');

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  root = await mkdtemp(path.join(tmpdir(), 'meeting-maps-'));
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = new LocalDiskStorage(root);
  const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, 'operator@traveldesk.test'));
  staffSession.staff = { staffId: member!.id, email: member!.email, name: member!.name, role: 'operator' } satisfies StaffPrincipal;
  session.principal = null;
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  revalidated.length = 0;
});

/** The Dubai Frame's console form as it stands, with `changes` typed over it. */
async function frameForm(changes: Record<string, string | string[]>) {
  const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'dubai-frame'));
  return {
    tour: tour!,
    form: form({
      id: tour!.id,
      slug: tour!.slug,
      cityId: tour!.cityId,
      titleEn: tour!.title.en,
      titleRu: tour!.title.ru,
      summaryEn: tour!.summary.en,
      summaryRu: tour!.summary.ru,
      descriptionEn: tour!.description.en,
      descriptionRu: tour!.description.ru,
      termsEn: tour!.terms.en,
      termsRu: tour!.terms.ru,
      durationMinutes: String(tour!.durationMinutes),
      isActive: 'on',
      ...changes,
    }),
  };
}

describe('tour page facts in the console', () => {
  it('saves inclusions, exclusions, languages, accessibility, a meeting point with its map picture and a video file of ours', async () => {
    const { tour, form: data } = await frameForm({
      inclusions: 'Entry ticket | Входной билет\r\nSky deck | Смотровая площадка',
      exclusions: 'Transfers | Трансфер',
      languages: ['en', 'ar', 'zh'],
      accessibilityEn: 'Lifts to every floor.',
      accessibilityRu: 'Лифты на все этажи.',
      meetingNameEn: 'Zabeel Park, gate 3',
      meetingNameRu: 'Парк Забиль, вход 3',
      meetingLatitude: '25.2355',
      meetingLongitude: '55.3003',
      meetingMapImage: '/api/catalog/images/00000000-0000-4000-8000-000000000001',
      videoUrl: '/videos/desert-safari.webm',
    });
    expect(await saveTourAction(null, data)).toMatchObject({ ok: true });
    const [after] = await database.db.select().from(tours).where(eq(tours.id, tour.id));
    expect(after).toMatchObject({
      inclusions: [
        { en: 'Entry ticket', ru: 'Входной билет' },
        { en: 'Sky deck', ru: 'Смотровая площадка' },
      ],
      exclusions: [{ en: 'Transfers', ru: 'Трансфер' }],
      languages: ['en', 'ar', 'zh'],
      accessibility: { en: 'Lifts to every floor.', ru: 'Лифты на все этажи.' },
      meetingPoint: { name: { en: 'Zabeel Park, gate 3', ru: 'Парк Забиль, вход 3' }, latitude: 25.2355, longitude: 55.3003, mapImage: '/api/catalog/images/00000000-0000-4000-8000-000000000001' },
      videoUrl: '/videos/desert-safari.webm',
    });
    // The tour page shows them: its tag is expired (the other pages listing it as related read that tag too).
    expect(revalidated).toContain('catalog:tour:dubai-frame');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, tour.id));
    expect(entries.at(-1)?.changes).toHaveProperty('meetingPoint');
  });

  it('stores an uploaded map picture in the file storage and shows it in place of the drawn map; a file that is no picture is refused', async () => {
    const { tour, form: data } = await frameForm({ meetingNameEn: 'Gate 3', meetingNameRu: 'Вход 3', meetingLatitude: '25.2355', meetingLongitude: '55.3003' });
    data.append('meetingMapFile', new File([PNG], 'map.png', { type: 'image/png' }));
    expect(await saveTourAction(null, data)).toMatchObject({ ok: true });
    const [after] = await database.db.select().from(tours).where(eq(tours.id, tour.id));
    const fileId = after!.meetingPoint?.mapImage?.match(/^\/api\/catalog\/images\/([0-9a-f-]{36})$/)?.[1];
    expect(fileId).toBeDefined();
    const [stored] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId!));
    expect(stored).toMatchObject({ purpose: 'tourImage', contentType: 'image/png' });

    const { form: bad } = await frameForm({ meetingNameEn: 'Gate 3', meetingNameRu: 'Вход 3', meetingLatitude: '25.2355', meetingLongitude: '55.3003' });
    bad.append('meetingMapFile', new File([new TextEncoder().encode('%PDF-1.7\n')], 'map.png', { type: 'image/png' }));
    expect(await saveTourAction(null, bad)).toMatchObject({ ok: false, fieldErrors: { meetingMapFile: expect.any(String) } });
    const [unchanged] = await database.db.select().from(tours).where(eq(tours.id, tour.id));
    expect(unchanged!.meetingPoint?.mapImage).toBe(after!.meetingPoint?.mapImage);
  });

  it('clears the facts when the fields are emptied', async () => {
    const { tour, form: data } = await frameForm({});
    expect(await saveTourAction(null, data)).toMatchObject({ ok: true });
    const [after] = await database.db.select().from(tours).where(eq(tours.id, tour.id));
    expect(after).toMatchObject({ inclusions: [], exclusions: [], languages: [], accessibility: null, meetingPoint: null, videoUrl: null });
  });

  it('refuses a line without its Russian half, an unknown language, a coordinate off the globe and a meeting point without coordinates, changing nothing', async () => {
    const { tour, form: bad } = await frameForm({
      inclusions: 'Entry ticket',
      languages: ['en', 'klingon'],
      meetingNameEn: 'Gate 3',
      meetingNameRu: 'Вход 3',
      meetingLatitude: '95',
      meetingLongitude: '',
    });
    const answer = await saveTourAction(null, bad);
    expect(answer).toMatchObject({ ok: false, status: 422, fieldErrors: { inclusions: expect.any(String), languages: expect.any(String), meetingLatitude: expect.any(String) } });
    const { form: halfMeeting } = await frameForm({ meetingNameEn: 'Gate 3', meetingNameRu: '', meetingLatitude: '25.2', meetingLongitude: '', accessibilityEn: 'Lifts.' });
    expect(await saveTourAction(null, halfMeeting)).toMatchObject({
      ok: false,
      fieldErrors: { meetingNameRu: expect.any(String), meetingLongitude: expect.any(String), accessibilityRu: expect.any(String) },
    });
    const { form: script } = await frameForm({ videoUrl: 'javascript:alert(1)', meetingMapImage: 'ftp://x' });
    expect(await saveTourAction(null, script)).toMatchObject({ ok: false, fieldErrors: { videoUrl: expect.any(String) } });
    const [after] = await database.db.select().from(tours).where(eq(tours.id, tour.id));
    expect(after).toMatchObject({ inclusions: [], meetingPoint: null, accessibility: null });
    expect(revalidated).toEqual([]);
  });
});
