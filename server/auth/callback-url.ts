/** Only paths on this site: anything else (other hosts, `//evil`, `javascript:`) goes home. */
import 'server-only';
export function safeCallbackUrl(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const url = new URL(value, 'http://portal.invalid');
    return url.origin === 'http://portal.invalid' ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
