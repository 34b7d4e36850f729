import { PUBLIC, runRoute } from '@/server/http/run-route';

export const dynamic = 'force-dynamic';

/**
 * The browser telemetry SDK's remote configuration, which it refetches every 30 minutes (spec §9),
 * served from our own origin on every host instead of Microsoft's CDN. In the SDK's format:
 * `config` overrides settings of components/telemetry/telemetry-config.ts; empty, spec §9's
 * constants stand.
 */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => ({ enabled: true, config: {} }),
});
