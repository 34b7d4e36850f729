import { ChevronLeft, ChevronRight } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { formatDay } from '@/components/balance/format';
import { buttonVariants } from '@/components/ui/button';
import type { Locale } from '@/i18n/locales';
import type { AuditTrailEntry, AuditTrailPage } from '@/server/audit/audit-queries';
import { isRole } from '@/shared/auth/permissions';
import { dubaiWallClock } from '@/shared/availability/rules';

const USER_STATUSES = new Set(['active', 'emailNotVerified', 'deleted']);
/** Fields whose values the trail never shows, only that they changed. */
const SECRET_FIELDS = new Set(['password', 'passwordHash']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/**
 * Who changed what and when (company settings, agents, roles), newest first: the action, its
 * author, and each changed field from its old to its new value. Times are Asia/Dubai.
 */
export async function AuditTrail({
  page,
  locale,
  olderHref,
  newestHref,
}: {
  page: AuditTrailPage;
  locale: Locale;
  /** The next page's link, when there is one. */
  olderHref: string | null;
  /** Back to the first page, when this is not it. */
  newestHref: string | null;
}) {
  const t = await getTranslations();
  if (page.entries.length === 0 && !newestHref) {
    return (
      <p role="status" className="mt-4 rounded-xl border border-dashed border-border bg-muted p-6 text-sm">
        {t('company.history.empty')}
      </p>
    );
  }
  return (
    <>
      <ol className="mt-4 divide-y divide-border rounded-xl border border-border">
        {page.entries.map((entry) => (
          <li key={entry.id} className="grid gap-2 p-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-6">
            <div className="text-sm">
              <p>
                <span className="sr-only">{t('audit.when')}: </span>
                <time dateTime={entry.at.toISOString()} className="font-medium tabular-nums">
                  {formatWhen(entry.at, locale)}
                </time>
              </p>
              <p className="text-muted-foreground">
                <span className="sr-only">{t('audit.who')}: </span>
                {entry.actorName ?? (entry.action === 'agency.approve' ? t('audit.operator') : t('audit.system'))}
              </p>
            </div>
            <div className="min-w-0">
              <p className="font-medium">{actionLabel(entry, t)}</p>
              <Changes entry={entry} locale={locale} t={t} />
            </div>
          </li>
        ))}
      </ol>
      {olderHref || newestHref ? (
        <nav aria-label={t('company.history.pages')} className="mt-4 flex flex-wrap justify-between gap-2">
          {newestHref ? (
            <a href={newestHref} className={buttonVariants({ variant: 'outline' })}>
              <ChevronLeft aria-hidden />
              {t('company.history.newest')}
            </a>
          ) : (
            <span />
          )}
          {olderHref ? (
            <a href={olderHref} rel="next" className={buttonVariants({ variant: 'outline' })}>
              {t('company.history.older')}
              <ChevronRight aria-hidden />
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function Changes({ entry, locale, t }: { entry: AuditTrailEntry; locale: Locale; t: Translate }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      {fields.map(([field, change]) => (
        <div key={field} className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{fieldLabel(entry.entity, field, t)}:</dt>
          {SECRET_FIELDS.has(field) ? null : (
            <dd className="min-w-0 break-words">
              <Value value={formatValue(field, change.from, locale, t)} t={t} />
              <span aria-hidden> → </span>
              <span className="sr-only"> {t('audit.changedTo')} </span>
              <Value value={formatValue(field, change.to, locale, t)} t={t} strong />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function Value({ value, t, strong }: { value: string | null; t: Translate; strong?: boolean }) {
  if (value === null) return <span className="italic text-muted-foreground">{t('audit.empty')}</span>;
  return <span className={strong ? 'font-medium' : undefined}>{value}</span>;
}

function actionLabel(entry: AuditTrailEntry, t: Translate): string {
  const key = `audit.actions.${entry.action}`;
  if (!t.has(key as never)) return t('audit.actions.other');
  return t(key as never, { name: entry.subjectName ?? t('audit.unknownAgent') } as never);
}

function fieldLabel(entity: string, field: string, t: Translate): string {
  const keys =
    entity === 'user' ? [`audit.userFields.${field}`] : [`audit.fields.${entity}.${field}`, `company.historyFields.${field}`, `company.fields.${field}`];
  const key = keys.find((candidate) => t.has(candidate as never));
  return key ? t(key as never) : field;
}

function formatValue(field: string, value: unknown, locale: Locale, t: Translate): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'role' && isRole(value)) return t(`roles.${value}`);
  if (field === 'status' && typeof value === 'string' && USER_STATUSES.has(value)) return t(`audit.statuses.${value}` as never);
  if (typeof value === 'string') return DAY.test(value) ? formatDay(value, locale) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Spec §9's date format and `HH:mm`, on the Dubai clock. */
export function formatWhen(at: Date, locale: Locale): string {
  const wallClock = dubaiWallClock(at).toISOString();
  return `${formatDay(wallClock.slice(0, 10), locale)} · ${wallClock.slice(11, 16)}`;
}
