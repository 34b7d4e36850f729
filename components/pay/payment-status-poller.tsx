'use client';

import { LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, useState } from 'react';
import { useApiFetch } from '@/components/http/http-feedback';

export type PaymentStatusPollerLabels = {
  /** Spec §4 "processing (wait)". */
  processing: string;
  /** Spec §4 "retry failed": the result did not come in time. */
  retryFailed: string;
  reload: string;
};

/** What the poller reads of `GET /api/payments/<id>`. */
type PolledPayment = { status: 'created' | 'processing' | 'succeeded' | 'failed' | 'cancelled'; webhookError: boolean };

const SETTLED = new Set<PolledPayment['status']>(['succeeded', 'failed', 'cancelled']);

/**
 * Waits for a payment that is still running (spec §4 "processing"): asks the portal every
 * `intervalMs` and, once the payment has settled either way, re-renders the page, which then
 * shows the result (or goes on to the confirmation). After `timeoutMs` it stops and says so,
 * with a link that loads the page again.
 */
export function PaymentStatusPoller({
  paymentId,
  reloadHref,
  labels,
  intervalMs = 2000,
  timeoutMs = 120_000,
}: {
  paymentId: string;
  /** This page's own path: loading it again asks the provider anew. */
  reloadHref: string;
  labels: PaymentStatusPollerLabels;
  intervalMs?: number;
  timeoutMs?: number;
}) {
  const router = useRouter();
  const fetchApi = useApiFetch();
  const [gaveUp, setGaveUp] = useState(false);

  const poll = useEffectEvent(async (signal: AbortSignal): Promise<boolean> => {
    const result = await fetchApi<PolledPayment>(`/api/payments/${encodeURIComponent(paymentId)}`, { signal, cache: 'no-store' });
    if (signal.aborted) return true;
    if (result.ok && SETTLED.has(result.data.status)) {
      router.refresh();
      return true;
    }
    // Signed out, forbidden, or not this agent's payment (the 404 page shows): asking again will not help.
    return !result.ok && (result.status === 401 || result.status === 403 || result.status === 404);
  });

  useEffect(() => {
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (await poll(controller.signal)) return;
      if (Date.now() - started + intervalMs > timeoutMs) {
        setGaveUp(true);
        return;
      }
      timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentId, intervalMs, timeoutMs]);

  if (gaveUp) {
    return (
      <p role="alert" className="flex flex-wrap gap-x-2 text-sm" data-testid="payment-retry-failed">
        <span>{labels.retryFailed}</span>
        {/* A full load, so the page asks the provider again rather than showing what it had. */}
        <a href={reloadHref} className="font-medium text-primary underline underline-offset-2">
          {labels.reload}
        </a>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-3" data-testid="payment-processing">
      <LoaderCircle aria-hidden className="size-6 shrink-0 animate-spin text-primary" />
      <span>{labels.processing}</span>
    </p>
  );
}
