import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';
import { collectTelemetry, TELEMETRY_MAX_BYTES } from '@/server/telemetry/collector';

/**
 * The browser SDK's batches (docs/telemetry.md#collector): a JSON array of envelopes, or one per
 * line. `fetch`/XHR post `application/json`, `sendBeacon` on unload `text/plain`. Anonymous: public
 * pages and widget hosts send too. A cookie-carrying post from another site is refused (403) by the
 * wrapper's origin check: the browser's own beacon is same-origin on every host.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'raw', maxBytes: TELEMETRY_MAX_BYTES, schema: RAW_BYTES, mediaTypes: ['application/json', 'text/plain', 'application/x-json-stream', 'application/x-ndjson'] },
  run: async ({ body }, { request, db }) => collectTelemetry(request, body, db),
});
