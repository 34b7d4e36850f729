// The purge interface: one adapter per shared cache in front of the portal (nginx's, a CDN's),
// each removing the cached answers of exact URLs. Pure of configuration: edge-purge.ts builds the
// configured ones from the environment.

export interface EdgePurgeAdapter {
  /** For logs: which cache failed. */
  readonly name: string;
  /** Removes the cached answers of `urls` (absolute, as visitors request them); throws when the cache did not take it. */
  purge(urls: readonly string[]): Promise<void>;
}

/** A purge a cache refused or could not be reached for; the job queue tries it again. */
export class EdgePurgeFailed extends Error {
  constructor(
    readonly adapter: string,
    detail: string,
  ) {
    super(`${adapter} purge failed: ${detail}`);
    this.name = 'EdgePurgeFailed';
  }
}

/** Runs `work` over `items`, at most `limit` at once. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}
