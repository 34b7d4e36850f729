import { type EdgePurgeAdapter, EdgePurgeFailed, inParallel } from './purge-adapter';

/**
 * nginx's proxy cache, purged with the ngx_cache_purge module (Debian's
 * libnginx-mod-http-cache-purge): each nginx in front of the portals has a purge location
 * (deploy/nginx/) that takes `PURGE <base>/<scheme>/<host><path>[?query]` and drops the entry of
 * the key `<scheme><host><path>[?query]`, the cache key of the page (`$scheme$host$request_uri`).
 * The host is the name without the port, as nginx's `$host`. 200 is purged, 404 was not cached:
 * both leave the URL uncached.
 */
export class NginxPurgeAdapter implements EdgePurgeAdapter {
  readonly name = 'nginx';

  constructor(
    /** One purge location per nginx, e.g. `http://10.0.0.10:8081/_edge-purge`. */
    private readonly bases: readonly string[],
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 5_000,
  ) {}

  /** The purge request's URL for `url` at the purge location `base`. */
  static purgeUrl(base: string, url: string): string {
    const target = new URL(url);
    return `${base.replace(/\/+$/, '')}/${target.protocol.replace(':', '')}/${target.hostname}${target.pathname}${target.search}`;
  }

  async purge(urls: readonly string[]): Promise<void> {
    const requests = this.bases.flatMap((base) => urls.map((url) => NginxPurgeAdapter.purgeUrl(base, url)));
    await inParallel(requests, 8, async (purgeUrl) => {
      let response: Response;
      try {
        response = await this.fetchImpl(purgeUrl, { method: 'PURGE', signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (error) {
        throw new EdgePurgeFailed(this.name, `${purgeUrl}: ${error instanceof Error ? error.message : String(error)}`);
      }
      await response.body?.cancel();
      if (response.status !== 200 && response.status !== 404) throw new EdgePurgeFailed(this.name, `${purgeUrl} answered ${response.status}`);
    });
  }
}
