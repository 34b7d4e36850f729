'use client';

import { notFound } from 'next/navigation';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { type ActionFailureLike, type ActionStateLike, type ApiRequest, type ApiResult, fetchApi, type HttpLabels, reportActionFailure } from './api-client';

const HttpLabelsContext = createContext<HttpLabels | null>(null);

/** Gives the islands below it spec §8's texts, from the server (components/shell/site-shell.tsx). */
export function HttpFeedbackProvider({ labels, children }: { labels: HttpLabels; children: ReactNode }) {
  // Kept by content: each server render of the shell hands an equal new object, which would
  // otherwise make every island's fetch run again.
  const { maintenance, error, validationError } = labels;
  const stable = useMemo(() => ({ maintenance, error, validationError }), [maintenance, error, validationError]);
  return <HttpLabelsContext value={stable}>{children}</HttpLabelsContext>;
}

/** The page's spec §8 texts, for the islands' fetches. */
export function useHttpLabels(): HttpLabels {
  const labels = useContext(HttpLabelsContext);
  if (!labels) throw new Error('useApiFetch and useActionFailureFeedback need an HttpFeedbackProvider');
  return labels;
}

/**
 * `fetchApi` with the page's texts: a stable function, safe in effect dependencies. Spec §8: a 404
 * takes the user to the 404 page (the nearest not-found boundary, e.g. an offer removed while its
 * tour page was open), so the island that got it renders `notFound()`.
 */
export function useApiFetch(): <T>(url: string, request?: ApiRequest) => Promise<ApiResult<T>> {
  const labels = useHttpLabels();
  const [missing, setMissing] = useState(false);
  const fetchWithLabels = useCallback(
    async <T,>(url: string, request: ApiRequest = {}) => {
      const result = await fetchApi<T>(url, request, labels);
      if (!result.ok && result.status === 404) setMissing(true);
      return result;
    },
    [labels],
  );
  if (missing) notFound();
  return fetchWithLabels;
}

/** Reacts to each new failure an action form's `useActionState` holds (spec §8), beside its inline messages. */
export function useActionFailureFeedback(state: ActionStateLike): void {
  const labels = useHttpLabels();
  const report = useEffectEvent((failure: ActionFailureLike) => reportActionFailure(failure, labels));
  useEffect(() => {
    if (state?.ok === false) report(state);
  }, [state]);
}
