import 'server-only';
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { contains } from '@/server/db/like';
import { mailOutbox } from '@/server/db/schema';
import { isCalendarDay } from '@/shared/dates';
import { hasControlCharacters } from '@/shared/text';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

// The console's outbox: every mail the portal wrote, newest first, searched and
// paged in SQL. A filter that does not parse is dropped, as a GET form's stray value should be.

export const OUTBOX_PAGE_SIZE = 50;

/** Every kind of mail the portal writes (`mail_outbox.kind`): the filter offers these (another kind still filters by URL). */
export const MAIL_KINDS = [
  'verifyEmail',
  'verifyAgain',
  'alreadyRegistered',
  'resetPassword',
  'invite',
  'agencyApproved',
  'agencyRejected',
  'request.quoted',
  'request.paymentRequired',
  'request.confirmed',
  'request.declined',
  'widgetBooking.guest',
  'widgetBooking.agency',
] as const;

export type OutboxFilters = { q?: string; kind?: string; from?: string; to?: string; page: number };

export function parseOutboxFilters(params: Record<string, string | string[] | undefined>): OutboxFilters {
  const one = (key: string) => {
    const value = params[key];
    const first = Array.isArray(value) ? value[0] : value;
    const trimmed = first?.trim();
    return trimmed && trimmed.length <= 200 && !hasControlCharacters(trimmed) ? trimmed : undefined;
  };
  const kind = one('kind');
  const from = one('from');
  const to = one('to');
  const page = Number(one('page') ?? '1');
  return {
    q: one('q'),
    kind: kind && /^[A-Za-z][A-Za-z0-9.-]{0,49}$/.test(kind) ? kind : undefined,
    from: isCalendarDay(from) ? from : undefined,
    to: isCalendarDay(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The start of a Dubai calendar day (UTC+4, no daylight saving). */
export function dubaiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+04:00`);
}

export function dubaiDayEnd(day: string): Date {
  return new Date(dubaiDayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

export type OutboxRow = { id: string; recipient: string; subject: string; kind: string; sentAt: Date | null; createdAt: Date };

export async function listOutbox(db: Database, _staff: StaffPrincipal, filters: OutboxFilters): Promise<{ rows: OutboxRow[]; hasNext: boolean }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) conditions.push(or(ilike(mailOutbox.recipient, contains(filters.q)), ilike(mailOutbox.subject, contains(filters.q))));
  if (filters.kind) conditions.push(eq(mailOutbox.kind, filters.kind));
  if (filters.from) conditions.push(gte(mailOutbox.createdAt, dubaiDayStart(filters.from)));
  if (filters.to) conditions.push(lt(mailOutbox.createdAt, dubaiDayEnd(filters.to)));
  const rows = await db
    .select({ id: mailOutbox.id, recipient: mailOutbox.recipient, subject: mailOutbox.subject, kind: mailOutbox.kind, sentAt: mailOutbox.sentAt, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((filters.page - 1) * OUTBOX_PAGE_SIZE);
  return { rows: rows.slice(0, OUTBOX_PAGE_SIZE), hasNext: rows.length > OUTBOX_PAGE_SIZE };
}

export type OutboxMailDetail = OutboxRow & { textBody: string; htmlBody: string | null };

export async function loadOutboxMail(db: Database, _staff: StaffPrincipal, id: string): Promise<OutboxMailDetail | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [mail] = await db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return mail ?? null;
}
