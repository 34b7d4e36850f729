import { eq } from 'drizzle-orm';
import { auditLog, staffMembers, tours } from '@/server/db/schema';
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
const now = new Date('2026-11-21T08:00:00Z');

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, 'operator@traveldesk.test'));
  staffSession.staff = { staffId: member!.id, email: member!.email, name: member!.name, role: 'operator' } satisfies StaffPrincipal;
  session.principal = null;
});
afterAll(() => database.dispose());
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
