'use client';

import { useEffect, useState } from 'react';
import { ErrorScreenChoice } from './error-screen-choice';
import type { ErrorScreenLabels } from './frontend-error-screen';
import { reportClientError } from './report-client-error';

/**
 * The last resort, for errors outside the page's own boundary (the shell, server rendering;
 * Next gives no component stack here). Its texts load only when it shows, so no page pays for
 * a translation runtime up front. What reaches it mostly comes from the server (the layouts ask
 * the database for the session), so it always asks whether the database is down: then the
 * maintenance screen shows instead.
 */
export function RouteError({ error }: { error: Error & { digest?: string } }) {
  const [labels, setLabels] = useState<ErrorScreenLabels | null>(null);

  useEffect(() => {
    reportClientError({ message: error.message, stack: error.stack, digest: error.digest });
    const messages = document.documentElement.lang === 'ru' ? import('@/messages/ru.json') : import('@/messages/en.json');
    void messages.then((loaded) => setLabels(loaded.default.errors));
  }, [error]);

  if (!labels) return null;
  return <ErrorScreenChoice message={error.digest ? `${error.message} (${error.digest})` : error.message} askServer labels={labels} />;
}
