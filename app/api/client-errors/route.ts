import { PUBLIC, runRoute } from '@/server/http/run-route';
import { clientErrorReportSchema, MAX_CLIENT_ERROR_REPORT_BYTES, recordClientError } from '@/server/telemetry/client-error-report';

/** Browser render errors, recorded as an exception with error severity (spec §8). 204. */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: clientErrorReportSchema, maxBytes: MAX_CLIENT_ERROR_REPORT_BYTES },
  run: async ({ body }) => recordClientError(body),
});
