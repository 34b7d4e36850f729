'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useEffectEvent, useMemo } from 'react';
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

function useHttpLabels(): HttpLabels {
  const labels = useContext(HttpLabelsContext);
  if (!labels) throw new Error('useApiFetch and useActionFailureFeedback need an HttpFeedbackProvider');
  return labels;
}

/** `fetchApi` with the page's texts: a stable function, safe in effect dependencies. */
export function useApiFetch(): <T>(url: string, request?: ApiRequest) => Promise<ApiResult<T>> {
  const labels = useHttpLabels();
  return useCallback(<T,>(url: string, request: ApiRequest = {}) => fetchApi<T>(url, request, labels), [labels]);
}

/** Reacts to each new failure an action form's `useActionState` holds (spec §8), beside its inline messages. */
export function useActionFailureFeedback(state: ActionStateLike): void {
  const labels = useHttpLabels();
  const report = useEffectEvent((failure: ActionFailureLike) => reportActionFailure(failure, labels));
  useEffect(() => {
    if (state?.ok === false) report(state);
  }, [state]);
}
