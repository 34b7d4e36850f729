// The header's booking search (docs/dashboard.md#header-search): a booking by its reference or its
// guest's name, among the bookings the principal may see (visibleBookings), for every signed-in page.
import 'server-only';
import { and, desc, ilike, like, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { bookings, tours, type LocalizedText } from '@/server/db/schema';
import { contains } from '@/server/db/like';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { BookingStatus } from '@/server/bookings/create-booking';
import { text as plainText } from '@/shared/text';

export const LOOKUP_LIMIT = 8;

/** `?q=`: two to a hundred characters of a reference or a guest's name. */
export const bookingLookupQuerySchema = z.object({ q: plainText().min(2).max(100) });

export type BookingLookupHit = { reference: string; guestName: string; tourDate: string; tourTitle: LocalizedText; status: BookingStatus };

// A reference is letters, digits and dashes (`TD-7KQ2M9X`); anything else can only be a name.
const REFERENCE_LIKE = /^[A-Za-z0-9-]+$/;

const HIT_COLUMNS = {
  reference: bookings.reference,
  guestName: bookings.guestName,
  tourDate: bookings.tourDate,
  tourTitle: tours.title,
  status: bookings.status,
  createdAt: bookings.createdAt,
};

function search(db: Database, where: SQL) {
  return selectBookingRows(db, HIT_COLUMNS).where(where).orderBy(desc(bookings.createdAt)).limit(LOOKUP_LIMIT);
}

/**
 * References starting with the text (upper-cased: references are stored so; a prefix LIKE walks the
 * reference's unique index), then guests whose name contains it, newest first, without repeats.
 */
export async function lookUpBookings(db: Database, principal: Principal, text: string): Promise<BookingLookupHit[]> {
  const scope = visibleBookings(principal);
  const [byReference, byGuest] = await Promise.all([
    REFERENCE_LIKE.test(text) ? search(db, and(scope, like(bookings.reference, `${text.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`)) as SQL) : [],
    search(db, and(scope, ilike(bookings.guestName, contains(text))) as SQL),
  ]);
  const seen = new Set<string>();
  const hits: BookingLookupHit[] = [];
  for (const { createdAt: _createdAt, ...hit } of [...byReference, ...byGuest]) {
    if (seen.has(hit.reference) || hits.length >= LOOKUP_LIMIT) continue;
    seen.add(hit.reference);
    hits.push(hit);
  }
  return hits;
}
