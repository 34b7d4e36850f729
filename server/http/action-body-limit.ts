import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { localeOfPath } from '@/server/routing/gate';
import { actionBodyRefusal } from '@/server/routing/action-body';
import { isWidgetHost, parseHostsConfig } from '@/server/shared/sites/site-variants';
import { type Locale, LOCALES } from '@/i18n/locales';
import { loadMessages } from '@/messages/areas';

const INSTALLED = Symbol.for('traveldesk.actionBodyLimit');

/** A widget's guest checkout posts from the widget's domain, or from the embed's pages on the portal. */
const EMBED_PAGE = /^(?:\/ru)?\/embedded(?:[/?]|$)/;

/**
 * Refuses a server action's post whose body is too long, or of no declared length, at once, before
 * Next reads any of it (server/routing/action-body.ts). This has to sit in front of Next: its router
 * reads the body of every request the proxy sees (to hand the proxy a copy), and its action handler
 * reads it all before counting; both took 400 MB of a chunked post before answering. Idempotent; the
 * server process only (instrumentation.ts).
 */
export function installActionBodyLimit(hosts = parseHostsConfig(process.env.HOSTS)) {
  const prototype = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  for (const locale of LOCALES) void refusalTexts(locale);
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function emitWithinActionBodyLimit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      const pathname = (request.url ?? '/').split('?')[0]!;
      const refusal = actionBodyRefusal({
        method: request.method ?? 'GET',
        isAction: request.headers['next-action'] !== undefined,
        contentLength: request.headers['content-length'] ?? null,
        fromGuest: isWidgetHost(request.headers.host ?? null, hosts) || EMBED_PAGE.test(pathname),
      });
      if (refusal) {
        void refuse(args[1] as ServerResponse, refusal, pathname);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as Server['emit'];
}

const textsByLocale = new Map<Locale, Promise<Record<411 | 413, string>>>();

/** The two answers' texts in `locale`, read once (loaded at install, so a refusal need not wait). */
function refusalTexts(locale: Locale): Promise<Record<411 | 413, string>> {
  let texts = textsByLocale.get(locale);
  if (!texts) {
    texts = loadMessages(locale).then(
      (messages) => {
        const errors = (messages as { errors: Record<string, string> }).errors;
        return { 411: errors.lengthRequired!, 413: errors.payloadTooLarge! };
      },
      () => ({ 411: '', 413: '' }),
    );
    textsByLocale.set(locale, texts);
  }
  return texts;
}

/**
 * Answers in the page's language and closes the connection (`Connection: close`): nothing more of
 * the body is read, and the client learns at once that it may stop sending.
 */
async function refuse(response: ServerResponse, status: 411 | 413, pathname: string) {
  const texts = await refusalTexts(localeOfPath(pathname));
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  response.end(texts[status]);
}
