// The proxy's answer while the database is down (spec §8: 'Server is under maintenance', 503):
// a page of its own, since no page of the app can render without the database. Self-contained
// (no script, no stylesheet, no image) and it reloads itself by a refresh <meta>, which the
// Content-Security-Policy does not govern; no import reaches the database.
import type { Locale } from '@/i18n/locales';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

/** Seconds between the page's reloads, and the Retry-After of the 503. */
export const MAINTENANCE_RETRY_SECONDS = 5;

const TEXTS: Record<Locale, { title: string; text: string }> = {
  en: { title: en.errors.maintenance, text: en.errors.maintenanceText },
  ru: { title: ru.errors.maintenance, text: ru.errors.maintenanceText },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function maintenancePage(locale: Locale): string {
  const title = escapeHtml(TEXTS[locale].title);
  const text = escapeHtml(TEXTS[locale].text);
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${MAINTENANCE_RETRY_SECONDS}"><meta name="robots" content="noindex"><title>${title}</title><style>body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1.5rem;font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem;color:#2637AA}p{margin:0;max-width:32rem;line-height:1.5}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}
