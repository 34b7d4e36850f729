import 'server-only';

// The portal's one Redis client lives here (the shared page and data cache). This copy has no
// client yet: Redis counts as not configured, and readiness reports it 'off'.

/** Whether this process is configured to use Redis. */
export function redisConfigured(): boolean {
  return false;
}

/** Whether Redis answers a PING: 'off' when it is not configured. */
export async function pingRedis(): Promise<'ok' | 'down' | 'off'> {
  return 'off';
}
