import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { localeOfPath } from '@/server/routing/gate';
import { actionBodyRefusal } from '@/server/routing/action-body';
import { isWidgetHost, parseHostsConfig } from '@/shared/sites/site-variants';
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
      closeLingeringWhileSending(request);
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
 * the body is taken in, and the client learns at once that it may stop sending.
 */
async function refuse(response: ServerResponse, status: 411 | 413, pathname: string) {
  const texts = await refusalTexts(localeOfPath(pathname));
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  response.end(texts[status]);
}

/** How long a client answered before the end of its body may go on sending, before the connection is cut. */
const LINGER_MS = 1_000;

const CURRENT_REQUEST = Symbol.for('traveldesk.lingeringClose');

type LingeringSocket = Socket & { [CURRENT_REQUEST]?: IncomingMessage; destroySoon?: (this: Socket) => void };

/**
 * An answer with `Connection: close` before the body's end (a 411 or 413 here, a route's 413 in
 * server/http/run-route.ts) ends the connection as web servers do ("lingering close"): our side is
 * shut at once and nothing more is read, so TCP holds the client back, for at most a second; then
 * the connection is cut. Cut at once, the client, still writing, often meets a reset before it
 * has read the answer. Node closes such a connection through the socket's `destroySoon` once the answer is
 * sent; a connection whose request was read to its end still closes at once.
 */
function closeLingeringWhileSending(request: IncomingMessage) {
  const socket = request.socket as LingeringSocket | undefined;
  if (!socket) return;
  const hooked = socket[CURRENT_REQUEST] !== undefined;
  socket[CURRENT_REQUEST] = request;
  const destroySoon = socket.destroySoon;
  if (hooked || typeof destroySoon !== 'function') return;
  socket.destroySoon = function destroyAfterLingering(this: Socket) {
    if (socket[CURRENT_REQUEST]?.complete !== false) return destroySoon.call(this);
    this.end();
    this.pause();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}
