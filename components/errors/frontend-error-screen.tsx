'use client';

import { SUPPORT_PHONE, telLink } from '@/shared/sites/site-content';
import type { MaintenanceLabels } from './maintenance-screen';

/** Spec §8: the frontend error screen, with the error text and component stack; and the maintenance screen's texts. */
export type ErrorScreenLabels = Record<
  'frontendTitle' | 'contactPrefix' | 'contactSuffix' | 'errorText' | 'componentStack' | 'reload',
  string
> &
  MaintenanceLabels;

export function FrontendErrorScreen({
  message,
  componentStack,
  labels,
}: {
  message: string;
  componentStack?: string;
  labels: ErrorScreenLabels;
}) {
  const t = (key: keyof ErrorScreenLabels) => labels[key];
  return (
    <section role="alert" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-semibold">{t('frontendTitle')}</h1>
      <p className="mt-3 text-muted-foreground">
        {t('contactPrefix')}{' '}
        <a className="font-medium text-primary underline" href={telLink(SUPPORT_PHONE)}>
          {SUPPORT_PHONE}
        </a>{' '}
        {t('contactSuffix')}
      </p>
      <h2 className="mt-8 text-sm font-semibold">{t('errorText')}</h2>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-4 text-sm whitespace-pre-wrap">{message}</pre>
      {componentStack ? (
        <>
          <h2 className="mt-6 text-sm font-semibold">{t('componentStack')}</h2>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-muted p-4 text-xs">{componentStack.trim()}</pre>
        </>
      ) : null}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
      >
        {t('reload')}
      </button>
    </section>
  );
}
