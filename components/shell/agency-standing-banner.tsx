import { getTranslations } from 'next-intl/server';
import type { AgencyStatus } from '@/server/account/agency-standing';

/**
 * On every portal page of an agency the operator has not approved: what is waiting and what
 * happens next (no NET rate shows until then, shared/auth/permissions.ts `memberCan`).
 */
export async function AgencyStandingBanner({ status }: { status: Extract<AgencyStatus, 'pending' | 'rejected'> }) {
  const t = await getTranslations('portal.standing');
  return (
    <section role="status" aria-labelledby="agency-standing-title" className="border-b border-amber-500/40 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100" data-testid="agency-standing">
      <div className="mx-auto max-w-7xl px-4 py-3 text-sm">
        <h2 id="agency-standing-title" className="font-semibold">
          {t(`${status}Title`)}
        </h2>
        <p>{t(`${status}Body`)}</p>
      </div>
    </section>
  );
}
