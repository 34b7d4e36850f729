import 'server-only';
import { processRedis, redisUrl } from './redis-connection.mjs';

// The portal's Redis, for the modules Next bundles: the same connection per process as the
// shared page cache's (server/redis/redis-connection.mjs), made on first use.

/** Whether this deployment runs with Redis (REDIS_URL set). */
export function redisConfigured(): boolean {
  return redisUrl() !== undefined;
}

/** 'off' without REDIS_URL; 'ok' when Redis answers a PING in time; 'down' otherwise (never throws, never waits long). */
export async function pingRedis(): Promise<'ok' | 'down' | 'off'> {
  const redis = processRedis();
  if (!redis) return 'off';
  return redis.ping();
}
