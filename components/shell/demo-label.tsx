import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { showsDemoLabel } from '@/server/settings/deployment-mode';

/**
 * "Demo — test data, no real payments" atop every page while nothing here is real money (the demo,
 * or a staging deployment with the sandbox). Decided by the process's environment, not per
 * request, so a cached page stays cached.
 */
export async function DemoLabel({ locale }: { locale: Locale }) {
  if (!showsDemoLabel()) return null;
  const t = await getTranslations({ locale, namespace: 'demo' });
  return (
    <p className="bg-amber-400 px-4 py-1 text-center text-xs font-semibold text-amber-950" data-testid="demo-label">
      {t('label')}
    </p>
  );
}
