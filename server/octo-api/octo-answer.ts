import 'server-only';
import type { Locale } from '@/i18n/locales';
import { isLocale } from '@/i18n/locales';
import { linkOrigin } from '@/server/http/link-origin';
import { OCTO_CAPABILITIES } from './octo-pricing';

// What every `/api/octo` answer shares (docs/octo-api.md#capabilities): the capabilities the
// request asked for in `Octo-Capabilities` that we serve, named back in the same header; the
// pricing fields only when `octo/pricing` is among them; content in the language asked for.

/** The capabilities of the request that we serve. */
export function requestedCapabilities(request: Request): string[] {
  const asked = (request.headers.get('octo-capabilities') ?? '').split(',').map((capability) => capability.trim());
  return OCTO_CAPABILITIES.filter((capability) => asked.includes(capability));
}

/**
 * What a mapping needs from the request: whether to price, and where the voucher links point —
 * the host's public origin (a server's own URL is its listen address, e.g. `http://[::]:3000`).
 */
export function answerOptions(request: Request): { pricing: boolean; origin: string } {
  return { pricing: requestedCapabilities(request).includes('octo/pricing'), origin: linkOrigin(request.headers) };
}

/** The content's language: the first of `Accept-Language` we have (English otherwise). */
export function contentLocale(request: Request): Locale {
  const languages = (request.headers.get('accept-language') ?? '').split(',').map((tag) => tag.split(';')[0]!.trim().slice(0, 2).toLowerCase());
  return languages.find((language): language is Locale => isLocale(language)) ?? 'en';
}

/** A JSON answer with the `Octo-Capabilities` header (and `Content-Language` when content was localized). */
export function octoAnswer(request: Request, data: unknown, options: { locale?: Locale } = {}): Response {
  const headers: Record<string, string> = { 'cache-control': 'private, no-store', 'octo-capabilities': requestedCapabilities(request).join(', ') };
  if (options.locale) headers['content-language'] = options.locale;
  return Response.json(data, { headers });
}
