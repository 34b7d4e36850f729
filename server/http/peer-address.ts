import { type IncomingMessage, Server } from 'node:http';

const INSTALLED = Symbol.for('traveldesk.peerAddressHeader');

/**
 * Appends the socket's remote address to `X-Forwarded-For` on every request the process serves,
 * so the rightmost entry is always the peer that really connected (server/http/client-address.ts).
 * Next only fills the header when it is missing (`x-forwarded-for ??= socket.remoteAddress`), so a
 * client sending its own header would otherwise hide its address. Idempotent; the server process only.
 */
export function installPeerAddressHeader() {
  const prototype = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function emitWithPeerAddress(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') appendPeerAddress(args[0] as IncomingMessage);
    return emit.call(this, event, ...args);
  } as Server['emit'];
}

function appendPeerAddress(request: IncomingMessage) {
  const peer = request.socket?.remoteAddress;
  if (!peer) return;
  const forwarded = request.headers['x-forwarded-for'];
  request.headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
}
