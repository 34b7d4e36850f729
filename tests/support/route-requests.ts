import type { Principal } from '@/server/auth/principal';
import type { OpsPermission, Permission } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { DatabaseConnection } from '@/server/db/connection';

// Route handlers are tested by calling their exported functions with a Request. What Auth.js
// would read from the session cookie comes from `session` instead (vi.mock of
// server/auth/principal with `mockedPrincipalModule`); the domain and the database stay real.

export const ORIGIN = 'http://localhost:3000';

/** Who the handler under test is signed in as; null for a visitor. */
export const session: { principal: Principal | null } = { principal: null };

/**
 * server/auth/principal with the session above. Use as
 * `vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule())`.
 */
export async function mockedPrincipalModule() {
  const { memberCan } = await import('@/shared/auth/permissions');
  const { Forbidden, Unauthorized } = await import('@/server/errors');
  const getPrincipal = async (): Promise<Principal | null> => session.principal;
  return {
    getPrincipal,
    async requirePermission(permission: Permission | null): Promise<Principal> {
      const principal = await getPrincipal();
      if (!principal) throw new Unauthorized();
      if (permission !== null && !memberCan(principal, permission)) throw new Forbidden();
      return principal;
    },
  };
}

/** Who a console action or route under test is signed in as (staff); null for anyone else. */
export const staffSession: { staff: StaffPrincipal | null } = { staff: null };

/**
 * server/staff/staff-principal with the staff session above. Use as
 * `vi.mock('@/server/staff/staff-principal', async () => (await import('../support/route-requests')).mockedStaffPrincipalModule())`.
 */
export async function mockedStaffPrincipalModule() {
  const { can } = await import('@/shared/auth/permissions');
  const { Forbidden, Unauthorized } = await import('@/server/errors');
  const getStaffPrincipal = async (): Promise<StaffPrincipal | null> => staffSession.staff;
  return {
    getStaffPrincipal,
    async requireStaffPermission(permission: OpsPermission): Promise<StaffPrincipal> {
      const staff = await getStaffPrincipal();
      if (!staff) throw new Unauthorized();
      if (!can(staff.role, permission)) throw new Forbidden();
      return staff;
    },
  };
}

/**
 * next-intl/server in English, as actions and pages under test read it. Use as
 * `vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule())`.
 */
export async function mockedIntlServerModule() {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return { getLocale: async () => 'en', getTranslations: async () => createTranslator({ locale: 'en', messages, timeZone: 'Asia/Dubai' }) };
}

/** Route handlers read the database through getDb(): point it at the test's database. */
export function serveRoutesFrom(connection: DatabaseConnection) {
  (globalThis as { traveldeskDb?: Promise<DatabaseConnection> }).traveldeskDb = Promise.resolve(connection);
}

type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON (with its content type) unless `body` is given. */
  json?: unknown;
  body?: BodyInit;
};

/** A request as a browser of the signed-in agent would send it: with the session cookie, from the portal's origin. */
export function agentRequest(path: string, options: RequestOptions = {}): Request {
  return apiRequest(path, { ...options, headers: { cookie: 'authjs.session-token=test', origin: ORIGIN, ...options.headers } });
}

export function apiRequest(path: string, options: RequestOptions = {}): Request {
  const headers: Record<string, string> = { host: 'localhost:3000', ...options.headers };
  let body = options.body;
  if (body === undefined && options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
}

/** The second argument Next passes to a handler of a dynamic route. */
export const segment = <Params extends Record<string, string>>(params: Params) => ({ params: Promise.resolve(params) });

/**
 * A body of `totalBytes` that is produced only as it is read, counting what was pulled: a client
 * sending a huge chunked upload (no Content-Length).
 */
export function countingStream(totalBytes: number, chunkBytes = 64 * 1024) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= totalBytes) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk.slice());
    },
  });
  return { stream, counter };
}

/** A request whose body streams (undici needs `duplex: 'half'` for that). */
export function streamingRequest(path: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>): Request {
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body: stream, duplex: 'half' } as RequestInit);
}
