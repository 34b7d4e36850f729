import { getTranslations } from 'next-intl/server';
import type { ErrorScreenLabels } from '@/components/errors/frontend-error-screen';
import type { HttpLabels } from '@/components/http/api-client';

/** The error screen's and spec §8's texts, in the page's language, for a shell's islands. */
export async function loadErrorLabels(): Promise<{ errorScreen: ErrorScreenLabels; http: HttpLabels }> {
  const errors = await getTranslations('errors');
  return {
    errorScreen: {
      frontendTitle: errors('frontendTitle'),
      contactPrefix: errors('contactPrefix'),
      contactSuffix: errors('contactSuffix'),
      errorText: errors('errorText'),
      componentStack: errors('componentStack'),
      reload: errors('reload'),
      maintenance: errors('maintenance'),
      maintenanceText: errors('maintenanceText'),
    },
    http: { maintenance: errors('maintenance'), error: errors('error'), validationError: errors('validationError') },
  };
}
