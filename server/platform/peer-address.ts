import { type IncomingMessage, Server } from 'node:http';
import { trustedForwardedValue, trustedProxyHops } from '@/server/http/trusted-proxy';
import { ACTION_FORWARDED_HEADER, ACTION_REDIRECT_HEADER } from './next-private-headers';

const INSTALLED = Symbol.for('traveldesk.peerAddressHeader');
const HOPS = Symbol.for('traveldesk.trustedProxyHops');

type HookedServer = Server & { [INSTALLED]?: boolean; [HOPS]?: number };

const FORWARDED_HOST_AND_PROTO = ['x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Makes the forwarding headers of every request the process serves say only what can be believed,
 * before Next or any handler reads them:
 * - appends the socket's remote address to `X-Forwarded-For`, so the rightmost entry is always the
 *   peer that really connected (server/http/client-address.ts). Next only fills the header when it
 *   is missing (`x-forwarded-for ??= socket.remoteAddress`), so a client sending its own header
 *   would otherwise hide its address;
 * - keeps of `X-Forwarded-Host` and `-Proto` only what the `hops` trusted proxies wrote, and with
 *   none drops what the client sent: Next then fills both from the Host header and the socket, and
 *   no link, origin check or redirect is built from a forged name or scheme.
 * Idempotent (a second call only sets `hops`); the server process only.
 */
export function installPeerAddressHeader(hops = trustedProxyHops()) {
  const prototype = Server.prototype as HookedServer;
  prototype[HOPS] = hops;
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function emitWithPeerAddress(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      appendPeerAddress(request);
      keepTrustedHostAndProto(request, prototype[HOPS] ?? 0);
    }
    return emit.call(this, event, ...args);
  } as Server['emit'];
}

function appendPeerAddress(request: IncomingMessage) {
  const peer = request.socket?.remoteAddress;
  if (!peer) return;
  const forwarded = request.headers['x-forwarded-for'];
  request.headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
}

function keepTrustedHostAndProto(request: IncomingMessage, hops: number) {
  if (isOwnRequest(request)) return;
  for (const name of FORWARDED_HOST_AND_PROTO) {
    const header = request.headers[name];
    if (header === undefined) continue;
    const trusted = trustedForwardedValue(Array.isArray(header) ? header.join(', ') : header, hops);
    if (trusted === null) delete request.headers[name];
    else request.headers[name] = trusted;
  }
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Next's own request to itself (a server action's redirect rendered by a fetch to the server's
 * loopback address, or an action forwarded to its worker), which names the visitor's host in
 * X-Forwarded-Host as Next itself set it (server/routing/route-rules.ts).
 */
function isOwnRequest(request: IncomingMessage): boolean {
  const headers = request.headers;
  return (headers[ACTION_REDIRECT_HEADER] !== undefined || headers[ACTION_FORWARDED_HEADER] !== undefined) && LOOPBACK.test(request.socket?.remoteAddress ?? '');
}
