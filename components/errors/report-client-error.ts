import { agentSettled, type ClientErrorReport, loadTelemetry } from '@/components/telemetry/telemetry-loader';

/**
 * Sends a browser error to telemetry as an exception with error severity (spec §8): a render
 * error, or, with a `code`, a named failure such as CLIENT_SESSION_ERROR. The telemetry SDK is
 * loaded at once if the page has not loaded it yet, and the exception is sent without waiting for
 * the next batch, once the page knows who is signed in (at most a few seconds).
 */
export function reportClientError(report: ClientErrorReport): void {
  void loadTelemetry()
    .then(async (telemetry) => {
      // A static page may still be asking who is signed in: the report names the agent (spec §1).
      await agentSettled();
      telemetry.exception(report);
    })
    // Telemetry that cannot load (offline, a chunk gone after a deploy) must not add an error of its own.
    .catch(() => undefined);
}
