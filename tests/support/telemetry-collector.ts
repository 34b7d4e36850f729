import { http, HttpResponse } from 'msw';

/** An Application Insights envelope as the browser SDK posts it to /api/telemetry. */
export type TelemetryEnvelope = {
  name: string;
  iKey: string;
  tags: Record<string, string>;
  data: { baseType: string; baseData: Record<string, unknown> & { properties?: Record<string, string> } };
};

/**
 * Our collector's address as msw handlers, for component tests whose islands send browser
 * telemetry: it keeps every envelope posted and answers as the collector does; the SDK's remote
 * configuration is answered empty.
 */
export function telemetryCollector() {
  const envelopes: TelemetryEnvelope[] = [];
  const handlers = [
    http.post('*/api/telemetry', async ({ request }) => {
      const text = await request.text();
      const batch = (text.trim().startsWith('[') ? JSON.parse(text) : text.split('\n').filter(Boolean).map((line) => JSON.parse(line))) as TelemetryEnvelope[];
      envelopes.push(...batch);
      return HttpResponse.json({ itemsReceived: batch.length, itemsAccepted: batch.length, errors: [] });
    }),
    http.get('*/api/telemetry-config', () => HttpResponse.json({ enabled: true, config: {} })),
  ];
  return {
    handlers,
    envelopes,
    /** The exceptions received, as `baseData` (`exceptions[0].typeName`, `.message`; `severityLevel`). */
    exceptions: () => envelopes.filter((envelope) => envelope.data.baseType === 'ExceptionData').map((envelope) => envelope.data.baseData),
    clear: () => void (envelopes.length = 0),
  };
}
