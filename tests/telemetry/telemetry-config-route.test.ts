import { GET as getTelemetryConfig } from '@/app/api/telemetry-config/route';
import { apiRequest } from '../support/route-requests';

// The browser SDK's remote configuration (spec §9: refetched every 30 minutes), served from our
// origin: in the SDK's format, with nothing overriding the constants of telemetry-config.ts.
it('answers the SDK’s remote configuration, enabled and empty, never cached by a shared cache', async () => {
  const response = await getTelemetryConfig(apiRequest('/api/telemetry-config'));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ enabled: true, config: {} });
  expect(response.headers.get('cache-control')).toBe('private, no-store');
});
