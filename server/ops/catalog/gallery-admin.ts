import 'server-only';
import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import { loadTourCatalogTags } from '@/server/catalog/catalog-changes';
import type { Database, Transaction } from '@/server/db/connection';
import { photos, tours } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { saveCatalogImage } from '@/server/files/uploads';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { CatalogChange } from './catalog-admin';

// A tour's gallery: images uploaded through the file storage and served by
// /api/catalog/images/[id]; position 0 is the tour's card image, and an offer takes the photo
// at its own position as its hero (spec §3), so positions stay 0..n-1 without gaps.

export const catalogImageUrl = (fileId: string) => `/api/catalog/images/${fileId}`;

export async function addTourPhoto(db: Database, staff: StaffPrincipal, input: { tourId: string; file: File; altEn: string; altRu: string }): Promise<CatalogChange> {
  return db.transaction(async (tx) => {
    const [tour] = await tx.select({ id: tours.id }).from(tours).where(eq(tours.id, input.tourId)).for('update');
    if (!tour) throw new NotFound();
    const file = await saveCatalogImage(tx, { file: input.file, staffId: staff.staffId, folder: tour.id, field: 'file' });
    const [last] = await tx.select({ position: max(photos.position) }).from(photos).where(eq(photos.tourId, tour.id));
    const values = { tourId: tour.id, position: (last?.position ?? -1) + 1, url: catalogImageUrl(file.id), alt: { en: input.altEn, ru: input.altRu } };
    const [photo] = await tx.insert(photos).values(values).returning({ id: photos.id });
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'photo', entityId: photo!.id, action: 'photo.create', changes: changedFields({}, values) });
    return { id: photo!.id, tags: await loadTourCatalogTags(tx, tour.id) };
  });
}

async function lockedPhoto(tx: Transaction, photoId: string) {
  const [photo] = await tx.select().from(photos).where(eq(photos.id, photoId));
  if (!photo) throw new NotFound();
  // The tour's row lock orders every gallery change of the tour.
  await tx.select({ id: tours.id }).from(tours).where(eq(tours.id, photo.tourId)).for('update');
  const [current] = await tx.select().from(photos).where(eq(photos.id, photoId));
  if (!current) throw new NotFound();
  return current;
}

export async function editPhotoAlt(db: Database, staff: StaffPrincipal, input: { id: string; altEn: string; altRu: string }): Promise<CatalogChange> {
  return db.transaction(async (tx) => {
    const photo = await lockedPhoto(tx, input.id);
    const alt = { en: input.altEn, ru: input.altRu };
    await tx.update(photos).set({ alt }).where(eq(photos.id, photo.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'photo', entityId: photo.id, action: 'photo.update', changes: changedFields(photo, { alt }) });
    return { id: photo.id, tags: await loadTourCatalogTags(tx, photo.tourId) };
  });
}

/** Swaps a photo with its neighbour (through a free position: positions are unique per tour). */
export async function movePhoto(db: Database, staff: StaffPrincipal, input: { id: string; direction: 'up' | 'down' }): Promise<CatalogChange> {
  return db.transaction(async (tx) => {
    const photo = await lockedPhoto(tx, input.id);
    const target = photo.position + (input.direction === 'up' ? -1 : 1);
    const [neighbour] = await tx.select().from(photos).where(and(eq(photos.tourId, photo.tourId), eq(photos.position, target)));
    if (!neighbour) return { id: photo.id, tags: [] };
    await tx.update(photos).set({ position: -1 }).where(eq(photos.id, photo.id));
    await tx.update(photos).set({ position: photo.position }).where(eq(photos.id, neighbour.id));
    await tx.update(photos).set({ position: target }).where(eq(photos.id, photo.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'photo', entityId: photo.id, action: 'photo.move', changes: { position: { from: photo.position, to: target } } });
    return { id: photo.id, tags: await loadTourCatalogTags(tx, photo.tourId) };
  });
}

/** Removes a photo and closes the gap behind it. */
export async function deletePhoto(db: Database, staff: StaffPrincipal, input: { id: string }): Promise<CatalogChange> {
  return db.transaction(async (tx) => {
    const photo = await lockedPhoto(tx, input.id);
    await tx.delete(photos).where(eq(photos.id, photo.id));
    const after = await tx.select({ id: photos.id }).from(photos).where(and(eq(photos.tourId, photo.tourId), gt(photos.position, photo.position))).orderBy(asc(photos.position));
    for (const row of after) await tx.update(photos).set({ position: sql`${photos.position} - 1` }).where(eq(photos.id, row.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'photo', entityId: photo.id, action: 'photo.delete', changes: { url: { from: photo.url, to: null }, alt: { from: photo.alt, to: null } } });
    return { id: photo.id, tags: await loadTourCatalogTags(tx, photo.tourId) };
  });
}
