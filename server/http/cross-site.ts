import 'server-only';
import { publicOrigin } from '@/server/hosts/seo';
import { VARIANTS } from '@/shared/sites/site-variants';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request is a cross-site forgery candidate that must be refused: a mutation that
 * carries cookies (so the browser may have attached the agent's session) and comes from another
 * site. The `Origin` must be this request's own origin (Host or X-Forwarded-Host, with the
 * forwarded or actual protocol) or one of the configured public origins; without an `Origin`,
 * `Sec-Fetch-Site: cross-site` refuses. A client that sends neither is not a browser acting for
 * someone else (a browser sends `Origin` with every cross-origin POST), so it passes.
 */
export function isCrossSiteMutation(request: Request, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!MUTATING_METHODS.has(request.method)) return false;
  if (!request.headers.get('cookie')) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return request.headers.get('sec-fetch-site') === 'cross-site';
  if (!URL.canParse(origin) || origin === 'null') return true;
  const sent = new URL(origin).origin;
  return sent !== ownOrigin(request) && !allowedOrigins(env).has(sent);
}

/** The origin the client addressed, as the server (or the proxy in front of it) saw it. */
function ownOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? firstValue(request.headers.get('host')) ?? url.host;
  const forwardedProto = firstValue(request.headers.get('x-forwarded-proto'));
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol.replace(/:$/, '');
  return `${protocol}://${host.toLowerCase()}`;
}

function allowedOrigins(env: NodeJS.ProcessEnv): Set<string> {
  return new Set(VARIANTS.map((variant) => new URL(publicOrigin(variant, env)).origin));
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}
