/** Where PostHog is, from POSTHOG_KEY and POSTHOG_HOST (server/config/environment.ts). */
export type PostHogSettings = { key: string; host: string };

/** PostHog's own cloud ingestion address, when only a key is configured. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

/** The analytics provider's settings, or null when no key is configured (the offline default: our store only). */
export function posthogSettings(env: { POSTHOG_KEY?: string; POSTHOG_HOST?: string }): PostHogSettings | null {
  const key = env.POSTHOG_KEY?.trim();
  if (!key) return null;
  return { key, host: (env.POSTHOG_HOST?.trim() || DEFAULT_POSTHOG_HOST).replace(/\/+$/, '') };
}
