import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { storedFiles, widgets } from '@/server/db/schema';
import { DEMO_WIDGET_DOMAIN } from '@/server/db/seed/widgets';
import { Forbidden, NotFound } from '@/server/errors';
import { loadCatalogImage } from '@/server/files/uploads';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { MAX_WIDGET_LOGOS, removeWidgetMedia, uploadWidgetMedia } from '@/server/widgets/widget-media';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Widget media: a widget's logos and hero image, through the storage interface with the
// spec's file rules, public once on the widget (its site shows them), admins of its agency only.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const png = (name = 'logo.png') => new File([PNG], name, { type: 'image/png' });

let database: TestDatabase;
let root: string;
let admin: Principal;
let widgetId: string;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  root = await mkdtemp(path.join(tmpdir(), 'widget-media-'));
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = new LocalDiskStorage(root);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  const [widget] = await database.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.domain, DEMO_WIDGET_DOMAIN));
  widgetId = widget!.id;
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

const widgetRow = async () => (await database.db.select().from(widgets).where(eq(widgets.id, widgetId)))[0]!;

describe('widget pictures', () => {
  it('adds logos up to the limit and replaces the hero image; both are public files', async () => {
    for (let index = 0; index < MAX_WIDGET_LOGOS; index += 1) await uploadWidgetMedia(database.db, admin, widgetId, 'logo', png());
    await expect(uploadWidgetMedia(database.db, admin, widgetId, 'logo', png())).rejects.toMatchObject({ code: 'widgets.errors.tooManyLogos', field: 'file' });
    const change = await uploadWidgetMedia(database.db, admin, widgetId, 'heroImage', png('hero.png'));
    expect(change).toMatchObject({ id: widgetId, domain: DEMO_WIDGET_DOMAIN });
    const row = await widgetRow();
    expect(row.logoFileIds).toHaveLength(MAX_WIDGET_LOGOS);
    expect(await loadCatalogImage(database.db, row.heroImageFileId!)).toMatchObject({ purpose: 'widgetHeroImage', contentType: 'image/png' });
    expect(await loadCatalogImage(database.db, row.logoFileIds[0]!)).toMatchObject({ purpose: 'widgetLogo' });
  });

  it('refuses a file that is not a picture by its content, storing nothing', async () => {
    const before = await database.db.$count(storedFiles);
    const fake = new File([new TextEncoder().encode('%PDF-1.7\n')], 'fake.png', { type: 'image/png' });
    await expect(uploadWidgetMedia(database.db, admin, widgetId, 'heroImage', fake)).rejects.toMatchObject({ code: 'files.unsupportedFormat', field: 'file' });
    expect(await database.db.$count(storedFiles)).toBe(before);
  });

  it('removes a logo and the hero image; an id that is not on the widget is not found', async () => {
    const { logoFileIds, heroImageFileId } = await widgetRow();
    await removeWidgetMedia(database.db, admin, widgetId, logoFileIds[0]!);
    await removeWidgetMedia(database.db, admin, widgetId, heroImageFileId!);
    expect(await widgetRow()).toMatchObject({ logoFileIds: logoFileIds.slice(1), heroImageFileId: null });
    await expect(removeWidgetMedia(database.db, admin, widgetId, logoFileIds[0]!)).rejects.toBeInstanceOf(NotFound);
  });

  it("keeps another agency's admin and the agency's other roles out", async () => {
    const other = await principalFor(database.db, 'admin@gulfhorizons.test');
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const before = await widgetRow();
    await expect(uploadWidgetMedia(database.db, other, widgetId, 'logo', png())).rejects.toBeInstanceOf(NotFound);
    await expect(removeWidgetMedia(database.db, other, widgetId, before.logoFileIds[0]!)).rejects.toBeInstanceOf(NotFound);
    await expect(uploadWidgetMedia(database.db, senior, widgetId, 'logo', png())).rejects.toBeInstanceOf(Forbidden);
    expect(await widgetRow()).toEqual(before);
  });
});
