import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/messages/areas';
import { localizeMessageValues, type MessageValues } from '@/i18n/message-values';

/** Message keys of the portal's texts, in one language, for route handlers' answers. */
export type RouteMessages = {
  has: (key: string) => boolean;
  text: (key: string, values?: MessageValues) => string;
};

const byLocale = new Map<Locale, Promise<RouteMessages>>();

/**
 * Built once per language and kept: a route handler answers outside any page, so it reads the
 * messages itself rather than through next-intl's request configuration.
 */
export function routeMessages(locale: Locale): Promise<RouteMessages> {
  let messages = byLocale.get(locale);
  if (!messages) {
    messages = loadMessages(locale).then((tree) => {
      const t = createTranslator({ locale, messages: tree, timeZone: 'Asia/Dubai' });
      return {
        has: (key) => t.has(key as never),
        text: (key, values) => t(key as never, (values && localizeMessageValues(values, locale)) as never),
      };
    });
    // A failed load is not kept: the next error answer tries again.
    messages.catch(() => byLocale.delete(locale));
    byLocale.set(locale, messages);
  }
  return messages;
}
