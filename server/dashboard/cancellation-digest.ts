// The daily cancellation-deadline digest (docs/dashboard.md#cancellation-deadline-digest): each
// agency is mailed the completed bookings whose free cancellation ends within the next 48 hours —
// the dashboard's block, as a mail. Once a Dubai day per agency (the marker row is written in the
// transaction that writes the mails), none when there is nothing to say, each recipient in their
// own language: the agency's admins get every such booking, an agent who is not an admin their own.
import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { formatDisplayDay, formatDubaiDateTime } from '@/i18n/dates';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import en from '@/messages/dashboard/en.json';
import ru from '@/messages/dashboard/ru.json';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies, cancellationDigests, users } from '@/server/db/schema';
import type { JobQueue } from '@/server/jobs/job-queue';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { loadSettings } from '@/server/settings/settings';
import { dubaiToday, dubaiWallClock } from '@/shared/availability/rules';
import { bookingPagePath } from '@/shared/bookings/booking-links';
import { type DeadlineBooking, loadDeadlines } from './dashboard-queries';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** The digest goes out from this hour of the Dubai morning on: the agent reads it at the start of the day. */
export const DIGEST_HOUR = 7;

type Deadline = DeadlineBooking & { agentId: string; agencyId: string };
export type DigestOptions = { mailer?: Mailer; origin?: string };

/**
 * Writes today's digest of every agency that has bookings in the window and none yet today;
 * returns the agencies mailed. Safe to run again (a retry, a second process): an agency with
 * today's marker is skipped inside its own transaction.
 */
export async function sendCancellationDigests(db: Database, now: Date, options: DigestOptions = {}): Promise<string[]> {
  const day = dubaiToday(now);
  const deadlines = await loadDeadlines(db, sql`true`, now, await loadSettings(db));
  const byAgency = new Map<string, Deadline[]>();
  for (const booking of deadlines) byAgency.set(booking.agencyId, [...(byAgency.get(booking.agencyId) ?? []), booking]);
  const mailed: string[] = [];
  for (const [agencyId, bookings] of byAgency) {
    const sent = await db.transaction(async (tx) => {
      const [marked] = await tx.insert(cancellationDigests).values({ agencyId, day }).onConflictDoNothing().returning({ agencyId: cancellationDigests.agencyId });
      if (!marked) return false;
      await mailAgency(tx, agencyId, bookings, options);
      return true;
    });
    if (sent) mailed.push(agencyId);
  }
  return mailed;
}

async function mailAgency(tx: Transaction, agencyId: string, bookings: Deadline[], options: DigestOptions): Promise<void> {
  const members = await tx
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.status, 'active'),
        eq(agencies.status, 'active'),
        // Admins and the agents who made one of the bookings: nobody else is written to.
        or(eq(users.role, 'admin'), inArray(users.id, [...new Set(bookings.map((booking) => booking.agentId))])),
      ),
    );
  const origin = options.origin ?? new URL(process.env.AUTH_URL ?? 'http://localhost:3000').origin;
  for (const member of members) {
    const own = member.role === 'admin' ? bookings : bookings.filter((booking) => booking.agentId === member.id);
    if (own.length === 0) continue;
    const locale = toLocale(member.locale);
    const message = digestMail(locale, member.name, own, origin);
    await (options.mailer ?? getMailer()).send(tx, { to: member.email, ...message, kind: 'cancellationDigest' });
  }
}

export function digestMail(locale: Locale, name: string, bookings: DeadlineBooking[], origin: string): { subject: string; text: string } {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'dashboard.digest' });
  const lines = bookings.map((booking) =>
    t('line', {
      reference: booking.reference,
      guest: booking.guestName,
      tour: booking.tourTitle[locale],
      date: `${formatDisplayDay(booking.tourDate, locale)}${booking.startTime ? ` ${booking.startTime}` : ''}`,
      deadline: formatDubaiDateTime(booking.freeUntil, locale),
      link: `${origin}${localizedPath(locale, bookingPagePath(booking.reference))}`,
    }),
  );
  return {
    subject: t('subject', { count: bookings.length }),
    text: [t('greeting', { name }), t('intro', { count: bookings.length }), lines.join('\n\n'), t('dashboard', { link: `${origin}${localizedPath(locale, '/dashboard')}` }), t('signature')].join('\n\n'),
  };
}

/**
 * Registers the digest: sent every minute, it runs from DIGEST_HOUR of each Dubai day until this
 * process has gone through the day once; the marker rows keep other processes from mailing twice.
 */
export async function workDashboardJobs(queue: JobQueue, db: Database): Promise<void> {
  let doneDay: string | null = null;
  await queue.work('dashboard.cancellationDigest', async () => {
    const now = new Date();
    const day = dubaiToday(now);
    if (doneDay === day || dubaiWallClock(now).getUTCHours() < DIGEST_HOUR) return;
    await sendCancellationDigests(db, now);
    doneDay = day;
  });
  await queue.everyMinute('dashboard.cancellationDigest');
}
