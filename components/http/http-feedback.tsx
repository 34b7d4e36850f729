'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import { type ActionStateLike, type ApiRequest, type ApiResult, fetchApi, type HttpLabels, reportActionFailure } from './api-client';

const HttpLabelsContext = createContext<HttpLabels | null>(null);

/** Gives the islands below it spec §8's texts, from the server (components/shell/site-shell.tsx). */
export function HttpFeedbackProvider({ labels, children }: { labels: HttpLabels; children: ReactNode }) {
  return <HttpLabelsContext value={labels}>{children}</HttpLabelsContext>;
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
  useEffect(() => {
    if (state?.ok === false) reportActionFailure(state, labels);
  }, [state, labels]);
}
