import type { ClientErrorCode } from '@/shared/telemetry/client-error-codes';

/**
 * Sends a browser error to the server's telemetry (spec §8: an exception with error severity): a
 * render error, or, with a `code`, a named failure such as CLIENT_SESSION_ERROR.
 */
export function reportClientError(report: { code?: ClientErrorCode; message: string; stack?: string; componentStack?: string; digest?: string }) {
  const endpoint = new URL('/api/client-errors', window.location.origin);
  const body = JSON.stringify({ ...report, url: window.location.href });
  // sendBeacon survives the page being closed; fetch is the fallback where it is refused.
  if (!navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) {
    void fetch(endpoint, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
      () => {},
    );
  }
}
