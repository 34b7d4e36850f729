import { type IncomingMessage, Server, type ServerResponse } from 'node:http';

// Every request's root span (docs/telemetry.md#server) is made here, around Next's handler, and
// not by Next: Next records its own request spans only when a GLOBAL tracer provider exists, and
// then on every request — cached pages included — at about 0.4 ms of CPU a request. The portal
// keeps its provider private, and this hook runs each request inside one span of its own, so the
// spans the portal makes while Next serves it (actions, route handlers, queries, payments, jobs
// sent) are its children. docs/platform-workarounds.md, row "request spans".

const INSTALLED = Symbol.for('traveldesk.requestSpans');

/** Runs `serve` (Next's handling of the request) inside the request's span, and returns what it returns. */
export type RequestWrapper = (request: IncomingMessage, response: ServerResponse, serve: () => boolean) => boolean;

type HookedServer = Server & { [INSTALLED]?: RequestWrapper };

/**
 * Wraps the handling of every request the process serves in `wrap` (once; a second call replaces
 * the wrapper). Installed after the other hooks of `http.Server.prototype.emit`
 * (server/platform/install.ts), so it runs first: a post the action body limit refuses is a
 * request too. The server process only.
 */
export function installRequestSpans(wrap: RequestWrapper): void {
  const prototype = Server.prototype as HookedServer;
  const installed = prototype[INSTALLED] !== undefined;
  prototype[INSTALLED] = wrap;
  if (installed) return;
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function emitInRequestSpan(this: Server, event: string | symbol, ...args: unknown[]) {
    const wrapper = prototype[INSTALLED];
    if (event !== 'request' || !wrapper) return emit.call(this, event, ...args);
    return wrapper(args[0] as IncomingMessage, args[1] as ServerResponse, () => emit.call(this, event, ...args));
  } as Server['emit'];
}
