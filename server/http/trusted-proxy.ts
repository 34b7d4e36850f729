// How far the forwarding headers are believed (no 'server-only': the server's request hook in
// instrumentation.ts reads it too, server/platform/peer-address.ts).

/** How many reverse proxies in front of the server are trusted to write the X-Forwarded-* headers. */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops >= 0 ? hops : 0;
}

/**
 * The value of an X-Forwarded-Host or -Proto header that trusted proxies wrote, or null for none.
 * Each proxy sets the header or extends it on the right, so the entry `hops` places in from the
 * right is the one the outermost trusted proxy wrote; anything left of it came from the client.
 * With no trusted proxy nothing in the header is believed.
 */
export function trustedForwardedValue(header: string | undefined, hops: number): string | null {
  if (hops === 0 || !header) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)] ?? null;
}
