import { type EdgePurgeAdapter, EdgePurgeFailed } from './purge-adapter';

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

/**
 * Cloudflare's "purge by single-file" (`POST /zones/{zone}/purge_cache` with `{ files }`), batched
 * to its limit of 100 URLs a request (all plans; Enterprise takes 500, 100 is safe everywhere),
 * one batch after another (the purge rate limits are per account: 5 requests a minute on Free).
 * A URL is purged as the visitor requested it: scheme, host, path and query. The token needs the
 * zone's "Cache Purge" permission only.
 */
export class CloudflarePurgeAdapter implements EdgePurgeAdapter {
  readonly name = 'cloudflare';
  static readonly BATCH = 100;

  constructor(
    private readonly zoneId: string,
    private readonly apiToken: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  async purge(urls: readonly string[]): Promise<void> {
    const unique = [...new Set(urls)];
    for (let start = 0; start < unique.length; start += CloudflarePurgeAdapter.BATCH) {
      await this.purgeBatch(unique.slice(start, start + CloudflarePurgeAdapter.BATCH));
    }
  }

  private async purgeBatch(files: string[]): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${CLOUDFLARE_API}/zones/${encodeURIComponent(this.zoneId)}/purge_cache`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ files }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new EdgePurgeFailed(this.name, error instanceof Error ? error.message : String(error));
    }
    const answer = (await response.json().catch(() => null)) as { success?: boolean; errors?: { code?: number; message?: string }[] } | null;
    if (!response.ok || answer?.success !== true) {
      const errors = answer?.errors?.map((error) => `${error.code ?? ''} ${error.message ?? ''}`.trim()).join('; ');
      throw new EdgePurgeFailed(this.name, `HTTP ${response.status}${errors ? `: ${errors}` : ''}`);
    }
  }
}
