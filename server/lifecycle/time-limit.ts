import 'server-only';

/**
 * What `work` gives, or `fallback` once `timeoutMs` has passed first (readiness checks, shutdown
 * steps: a dependency that hangs must not hold the answer or the exit). A failure of `work` before
 * then is thrown; one after it has been answered already, so it is not news.
 */
export async function withTimeLimit<T, F>(work: Promise<T>, fallback: F, timeoutMs: number): Promise<T | F> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
