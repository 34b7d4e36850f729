import 'server-only';
import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import { getPrincipal, type Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { availabilitySlots, bookingAmendments, bookings, offers } from '@/server/db/schema';
import { inCustomerView, seesNetRates } from '@/server/auth/customer-view';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiToday, isPastCutOff } from '@/shared/availability/rules';
import { amendRefusal } from './amendment-rules';
import { visibleBookings } from './booking-scope';
import { TRIP_COLUMNS } from './booking-rows';

// What the booking page's amendment block shows: whether the booking can be amended (and why not),
// the booking as it stands, the offer's upcoming start times to move to, and its amendments so far.

/** How many upcoming start times the picker offers. */
const SLOT_CHOICES = 60;

export type AmendmentSlotChoice = { date: string; time: string; left: number };

export type AmendmentHistoryEntry = {
  id: string;
  createdAt: Date;
  status: 'pending_payment' | 'applied' | 'failed';
  method: string;
  from: { tourDate: string; startTime: string | null; adults: number; children: number; infants: number; guestName: string };
  to: { tourDate: string; startTime: string | null; adults: number; children: number; infants: number; guestName: string };
  /** Null for a role that may not see b2b figures. */
  settledMinor: number | null;
  fromIssue: number;
};

export type AmendmentPanel = {
  reference: string;
  /** A message key under `amendments.errors`, or null when it can be amended. */
  refusal: string | null;
  issue: number;
  current: {
    date: string;
    time: string;
    adults: number;
    children: number;
    infants: number;
    guestName: string;
    guestPhone: string;
    guestEmail: string;
    guestNames: string[];
  };
  slots: AmendmentSlotChoice[];
  history: AmendmentHistoryEntry[];
  seesNet: boolean;
  /** The device is in customer view: amounts are hidden for that, not for the role. */
  customerView: boolean;
};

/** For the booking page: the signed-in principal's amendment block of a booking, or null when there is none to show. */
export async function loadAmendmentPanelFor(reference: string, now = new Date()): Promise<AmendmentPanel | null> {
  const principal = await getPrincipal();
  if (!principal || !memberCan(principal, 'bookings:create')) return null;
  return loadAmendmentPanel(await getDb(), principal, reference, now);
}

/** The booking's columns an amendment reads (its state, the slot it holds, its guests): the panel's read and the amendment's own. */
export const amendableBookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  offerId: bookings.offerId,
  status: bookings.status,
  paymentMethod: bookings.paymentMethod,
  supplierId: bookings.supplierId,
  widgetId: bookings.widgetId,
  slotId: bookings.slotId,
  holdsStock: bookings.holdsStock,
  documentIssue: bookings.documentIssue,
  ...TRIP_COLUMNS,
  guestPhone: bookings.guestPhone,
  guestEmail: bookings.guestEmail,
  guestNames: bookings.guestNames,
};

export async function loadAmendmentPanel(db: Database, principal: Principal, reference: string, now = new Date()): Promise<AmendmentPanel | null> {
  const [row] = await db
    .select({
      ...amendableBookingColumns,
      hasLiveAvailability: offers.hasLiveAvailability,
      cutOffHours: offers.cutOffHours,
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  if (!row) return null;
  const seesNet = seesNetRates(principal);
  const refusal = amendRefusal(row, row, now);
  const history = await db
    .select()
    .from(bookingAmendments)
    .where(eq(bookingAmendments.bookingId, row.id))
    .orderBy(desc(bookingAmendments.createdAt));
  if (refusal && history.length === 0 && row.status !== 'completed') return null;
  const slots = refusal
    ? []
    : (
        await db
          .select({ date: availabilitySlots.date, time: availabilitySlots.startTime, left: availabilitySlots.left, id: availabilitySlots.id })
          .from(availabilitySlots)
          .where(and(eq(availabilitySlots.offerId, row.offerId), gte(availabilitySlots.date, dubaiToday(now)), gt(availabilitySlots.left, 0)))
          .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime))
          .limit(SLOT_CHOICES * 2)
      )
        .filter((slot) => !isPastCutOff(slot.date, slot.time, row.cutOffHours, now) || slot.id === row.slotId)
        .slice(0, SLOT_CHOICES)
        .map(({ date, time, left }) => ({ date, time, left }));
  // The booking's own start time is always a choice (to change only the guests).
  if (!refusal && row.startTime && !slots.some((slot) => slot.date === row.tourDate && slot.time === row.startTime)) {
    slots.unshift({ date: row.tourDate, time: row.startTime, left: 0 });
  }
  return {
    reference: row.reference,
    refusal,
    issue: row.documentIssue,
    current: {
      date: row.tourDate,
      time: row.startTime ?? '',
      adults: row.adults,
      children: row.children,
      infants: row.infants,
      guestName: row.guestName,
      guestPhone: row.guestPhone,
      guestEmail: row.guestEmail,
      guestNames: row.guestNames ?? [],
    },
    slots,
    history: history.map((entry) => ({
      id: entry.id,
      createdAt: entry.createdAt,
      status: entry.status,
      method: entry.method,
      from: pick(entry.fromState),
      to: pick(entry.toState),
      settledMinor: seesNet ? entry.settledMinor : null,
      fromIssue: entry.fromIssue,
    })),
    seesNet,
    customerView: inCustomerView(principal),
  };
}

function pick(state: AmendmentHistoryEntry['from']): AmendmentHistoryEntry['from'] {
  return { tourDate: state.tourDate, startTime: state.startTime, adults: state.adults, children: state.children, infants: state.infants, guestName: state.guestName };
}
