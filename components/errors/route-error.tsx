'use client';

import { useEffect } from 'react';
import { FrontendErrorScreen } from '@/components/errors/frontend-error-screen';
import { reportClientError } from '@/components/errors/report-client-error';

/** Errors the page's own boundary did not catch (server rendering); Next gives no component stack. */
export function RouteError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reportClientError({ message: error.message, stack: error.stack, digest: error.digest });
  }, [error]);
  return <FrontendErrorScreen message={error.digest ? `${error.message} (${error.digest})` : error.message} />;
}
