import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { bearerCredential, idempotencyCaller, principalOfBearer } from '@/server/api-access/api-caller';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  isKeptAnswer,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
  type StoredAnswer,
} from '@/server/api-access/idempotency';
import { getPrincipal, type Principal } from '@/server/auth/principal';
import { type ApiScope, can, OPS_PERMISSIONS, type OpsPermission, type Permission, scopeOfPermission } from '@/shared/auth/permissions';
import { getStaffPrincipal, type StaffPrincipal } from '@/server/staff/staff-principal';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { isDatabaseKnownDown } from '@/server/db/health-state';
import { Forbidden, Maintenance, NotFound, Unauthorized } from '@/server/errors';
import { isProvidedFile } from '@/server/files/uploads';
import { isCrossSiteMutation } from './cross-site';
import { octoBadRequest, octoErrorResponse } from '@/server/octo-api/octo-errors';
import { failureOf } from './failure';
import { mediaType, PayloadTooLarge, readBodyWithin } from './request-body';
import { requestLocale } from './request-locale';
import { type RouteMessages, routeMessages } from './route-messages';

// The one path of every route handler under app/, the twin of `runAction`: locale → body size and
// content type → origin → authenticate (the session cookie, or a bearer API key or access token,
// counted against the API's rate limits) → authorize → `Idempotency-Key` → parse → run → spec §8's
// answer. A handler states what it accepts and who may call it; no handler can skip a step or
// answer an error its own way.

export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store' } as const;

/** Anyone may call the route (spec §6 "Public calls"); it gets no principal. */
export const PUBLIC = 'public';

/** The schema of a raw body: the bytes as read. */
export const RAW_BYTES = z.custom<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array);

/**
 * Who may call: an agency permission, `null` for any signed-in agent, a console (`ops:`)
 * permission for signed-in staff, or PUBLIC.
 */
type Access = Permission | OpsPermission | null | typeof PUBLIC;

type JsonBody<Schema> = {
  kind: 'json';
  maxBytes: number;
  schema: Schema;
  /** What the schema parses, from the JSON body (e.g. with a header folded in). */
  from?: (body: unknown, request: Request) => unknown;
  /** What the schema parses when the request sends no body at all (e.g. `{}`); without it a body is required. */
  whenEmpty?: unknown;
};
type FormBody<Schema> = {
  /** `form` takes multipart or url-encoded forms; `multipart` only multipart (files). */
  kind: 'form' | 'multipart';
  maxBytes: number;
  schema: Schema;
  /** What the schema parses, from the form; by default its fields, without file inputs left empty. */
  from?: (form: FormData, request: Request) => unknown;
};
/**
 * The capped bytes, for a handler that hands the request on (Auth.js) or reads a format of its own
 * (the browser telemetry's batches): `schema: RAW_BYTES`. Of any content type, or only of
 * `mediaTypes` when named (else 415).
 */
type RawBody<Schema> = { kind: 'raw'; maxBytes: number; schema: Schema; mediaTypes?: readonly string[] };
type BodySpec<Schema = z.ZodType> = JsonBody<Schema> | FormBody<Schema> | RawBody<Schema>;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type ParamsOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : Record<string, never>;

export type RouteContext<A extends Access, Params> = {
  principal: A extends typeof PUBLIC ? undefined : A extends OpsPermission ? StaffPrincipal : Principal;
  db: Database;
  locale: Locale;
  request: Request;
  params: Params;
};

export type RouteDefinition<A extends Access, Query, Body, Params, Data> = {
  permission: A;
  /** The search parameters' schema; a query that does not parse is a 422. */
  query?: Query;
  /** How the body is read (at most `maxBytes`, of the kind's content types) and its schema. */
  body?: BodySpec<Body>;
  /** The path segments' schema; a path that does not parse names nothing: 404. */
  params?: Params;
  /**
   * The API key scope that may call the route (docs/api-access.md#scopes): by default the scope
   * holding `permission`; a route open to every agent (`null`) takes no key unless it names one.
   */
  apiScope?: ApiScope;
  /** What the API reference says of the route (server/http/openapi.ts); the `/api/v1` routes must have it. */
  doc?: RouteDoc;
  /**
   * How failures are answered: spec §8's shapes by default; `octo` answers OCTO's
   * `{error, errorMessage}` codes instead (server/octo-api/octo-errors.ts), for `/api/octo`.
   */
  errors?: 'octo';
  /** Data is answered as JSON (nothing: 204); a Response (a PDF, a sheet) is sent as it is. */
  run: (input: { query: Parsed<Query>; body: Parsed<Body> }, context: RouteContext<A, ParamsOf<Params>>) => Promise<Data | Response>;
};

/**
 * A route's entry in the API reference: its summary and what a success answers. The error answers
 * follow from the definition itself (server/http/openapi.ts), so the document cannot promise one
 * the route never gives.
 */
export type RouteDoc = {
  summary: string;
  description?: string;
  tag: string;
  /** The success status: 200 by default; 204 answers no content. */
  status?: 200 | 201 | 204;
  /** The JSON answer's schema, or the media type of a download. */
  response?: z.ZodType | { mediaType: string };
  /** The route answers 404 for a thing it cannot find (besides a path that does not parse). */
  notFound?: boolean;
};

/** What a handler was made from, for the API reference and its tests. */
export type RouteShape = { permission: Access; apiScope?: ApiScope; query?: z.ZodType; body?: BodySpec; params?: z.ZodType; doc?: RouteDoc };

/** What Next calls; the context is optional so tests can call a handler with a Request alone. */
export type RouteHandler = ((request: Request, segment?: { params: Promise<unknown> }) => Promise<Response>) & { readonly route?: RouteShape };

/** Refusals of the request itself, before any domain call. */
class RequestRefused extends Error {
  constructor(
    readonly status: 403 | 413 | 415 | 422,
    readonly code: string,
  ) {
    super(code);
    this.name = 'RequestRefused';
  }
}

export function runRoute<
  A extends Access,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Data = unknown,
>(definition: RouteDefinition<A, Query, Body, Params, Data>): RouteHandler {
  const handler = async (request: Request, segment?: { params: Promise<unknown> }): Promise<Response> => {
    const locale = requestLocale(request);
    // A body spec always has a schema; `Body` is undefined only when there is no spec.
    const bodySpec = definition.body as BodySpec | undefined;
    let claimed: { caller: string; key: string } | null = null;
    let response: Response;
    try {
      if (bodySpec) refuseUnacceptableBody(request, bodySpec);
      if (isCrossSiteMutation(request)) throw new RequestRefused(403, 'errors.crossSite');
      const caller = await authorize(definition, request);
      const params = definition.params ? await parseParams(definition.params, await segment?.params) : {};
      const query = definition.query ? await parse(definition.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined;
      const bytes = bodySpec ? await readBodyWithin(request, bodySpec.maxBytes) : undefined;
      // A raw body is handed on to code with idempotency of its own (Auth.js, signed webhooks).
      const key = MUTATING_METHODS.has(request.method) && bodySpec?.kind !== 'raw' ? idempotencyKeyOf(request) : null;
      if (key !== null) {
        const claim = { caller: idempotencyCaller(request, caller), key };
        const outcome = await claimIdempotencyKey(await getDb(), claim.caller, key, requestFingerprint(request, bytes));
        if (outcome.kind === 'replay') return replayed(outcome.answer);
        claimed = claim;
      }
      const body = bodySpec && bytes ? await parseBody(request, bodySpec, bytes) : undefined;
      const context = { principal: caller.principal ?? caller.staff, db: await getDb(), locale, request, params } as RouteContext<A, ParamsOf<Params>>;
      const result = await definition.run({ query, body } as { query: Parsed<Query>; body: Parsed<Body> }, context);
      if (result instanceof Response) response = result;
      else if (result === undefined) response = new Response(null, { status: 204, headers: PRIVATE_HEADERS });
      else response = Response.json(result, { headers: PRIVATE_HEADERS });
    } catch (error) {
      // Next's own signals (dynamic rendering, notFound(), redirect()) are not failures; a key
      // claimed before one is given back.
      if (claimed) await rethrowReleasing(error, claimed);
      unstable_rethrow(error);
      response = definition.errors === 'octo' ? await octoFailure(error, request) : await errorResponse(error, locale, request);
    }
    return claimed ? keepAnswer(claimed, response) : response;
  };
  const { permission, apiScope, query, body, params, doc } = definition;
  const route: RouteShape = { permission, apiScope, query, body: body as BodySpec | undefined, params, doc };
  return Object.assign(handler, { route });
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The answer of a request that claimed its `Idempotency-Key`, kept for its replays when it is final; else the key is given back. */
async function keepAnswer(claimed: { caller: string; key: string }, response: Response): Promise<Response> {
  const db = await getDb();
  if (!isKeptAnswer(response)) {
    await releaseIdempotencyKey(db, claimed.caller, claimed.key);
    return response;
  }
  const answer: StoredAnswer = { status: response.status, contentType: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
  try {
    await recordIdempotentAnswer(db, claimed.caller, claimed.key, answer);
  } catch (error) {
    // The call has run: its answer still goes out; the key is given back so a retry is not told "in progress" for a day.
    console.error('[route] failed to keep an idempotent answer', error);
    await releaseIdempotencyKey(db, claimed.caller, claimed.key).catch(() => {});
  }
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: response.headers });
}

async function rethrowReleasing(error: unknown, claimed: { caller: string; key: string }): Promise<void> {
  try {
    unstable_rethrow(error);
  } catch (signal) {
    await releaseIdempotencyKey(await getDb(), claimed.caller, claimed.key);
    throw signal;
  }
}

/** A kept answer again: the same status, content type and bytes, marked as a replay. */
function replayed(answer: StoredAnswer): Response {
  const headers: Record<string, string> = { ...PRIVATE_HEADERS, 'idempotent-replayed': 'true' };
  if (answer.contentType) headers['content-type'] = answer.contentType;
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
}

/** JSON with the private, no-store headers every route answer carries; for a status other than 200. */
export function routeJson(data: unknown, init: { status: number }): Response {
  return Response.json(data, { status: init.status, headers: PRIVATE_HEADERS });
}

/** A declared size above the cap, or a content type the route does not take, is refused unread. */
function refuseUnacceptableBody(request: Request, body: BodySpec) {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > body.maxBytes) throw new PayloadTooLarge();
  const type = mediaType(request);
  // A route that takes no body as well reads none: its content type is not asked for (checked in parseBody once there are bytes).
  if (body.kind === 'json' && 'whenEmpty' in body && (declared === '0' || type === '')) return;
  const accepted =
    (body.kind === 'raw' && (body.mediaTypes === undefined || body.mediaTypes.includes(type))) ||
    (body.kind === 'json' && type === 'application/json') ||
    (body.kind === 'multipart' && type === 'multipart/form-data') ||
    (body.kind === 'form' && (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded'));
  if (!accepted) throw new RequestRefused(415, 'errors.unsupportedMediaType');
}

function isOpsPermission(access: Access): access is OpsPermission {
  return typeof access === 'string' && access in OPS_PERMISSIONS;
}

type Caller = { principal?: Principal; staff?: StaffPrincipal; staffId?: string };

async function authorize(definition: { permission: Access; apiScope?: ApiScope }, request: Request): Promise<Caller> {
  const access = definition.permission;
  if (access === PUBLIC) return {};
  // While the database is known to be down, every signed-in call would wait for it to fail.
  if (isDatabaseKnownDown()) throw new Maintenance();
  if (isOpsPermission(access)) {
    const staff = await getStaffPrincipal();
    if (!staff) throw new Unauthorized();
    if (!can(staff.role, access)) throw new Forbidden();
    return { staff, staffId: staff.staffId };
  }
  const credential = bearerCredential(request);
  const principal = credential === null ? await getPrincipal() : await principalOfBearer(await getDb(), credential, request);
  if (!principal) throw new Unauthorized();
  if (access !== null && !can(principal.role, access)) throw new Forbidden();
  if (principal.via) {
    // A key calls only the routes of its scopes; a route for every agent takes a key only when it names a scope.
    const scope = definition.apiScope ?? (access === null ? null : scopeOfPermission(access));
    if (scope === null || !principal.via.scopes.includes(scope)) throw new Forbidden();
  }
  return { principal };
}

async function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): Promise<z.output<Schema>> {
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

async function parseParams<Schema extends z.ZodType>(schema: Schema, value: unknown): Promise<z.output<Schema>> {
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) throw new NotFound();
  return parsed.data;
}

async function parseBody(request: Request, body: BodySpec, bytes: Uint8Array<ArrayBuffer>): Promise<unknown> {
  if (body.kind === 'raw') return parse(body.schema, bytes);
  if (body.kind === 'json') {
    if ('whenEmpty' in body && bytes.byteLength === 0) return parse(body.schema, body.whenEmpty);
    if (mediaType(request) !== 'application/json') throw new RequestRefused(415, 'errors.unsupportedMediaType');
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new RequestRefused(422, 'errors.validationError');
    }
    return parse(body.schema, body.from ? body.from(value, request) : value);
  }
  const form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw new RequestRefused(422, 'errors.validationError');
  });
  return parse(body.schema, body.from ? body.from(form, request) : formFields(form));
}

/** A form's fields by name (the first value of each); a file input left empty is left out, as if not sent. */
export function formFields(form: FormData): Record<string, string | File> {
  const fields: Record<string, string | File> = {};
  for (const [name, value] of form) {
    if (name in fields || (typeof value !== 'string' && !isProvidedFile(value))) continue;
    fields[name] = value;
  }
  return fields;
}

async function errorResponse(error: unknown, locale: Locale, request: Request): Promise<Response> {
  try {
    const messages = await routeMessages(locale);
    if (error instanceof z.core.$ZodError) return Response.json(validationItems(error, messages), { status: 422, headers: PRIVATE_HEADERS });
    // The connection is closed after the answer, so the server stops reading the rest of the body
    // (Node would otherwise read it all to keep the connection alive for the next request).
    if (error instanceof PayloadTooLarge) {
      return Response.json({ message: messages.text('errors.payloadTooLarge') }, { status: 413, headers: { ...PRIVATE_HEADERS, connection: 'close' } });
    }
    if (error instanceof RequestRefused) {
      const message = messages.text(error.code);
      return error.status === 422 ? itemsResponse([{ fieldName: '', errorMessage: message }]) : messageResponse(error.status, message);
    }
    const failure = failureOf(error);
    if (failure.status === 500) {
      console.error('[route] failed', request.method, new URL(request.url).pathname, error);
      return messageResponse(500, messages.text('errors.error'));
    }
    const message = messages.text(failure.code, failure.values);
    if (failure.fields) return itemsResponse(Object.entries(failure.fields).map(([fieldName, code]) => ({ fieldName, errorMessage: messages.text(code) })));
    if (failure.status === 422) return itemsResponse([{ fieldName: failure.field ?? '', errorMessage: message }]);
    const headers: Record<string, string> = { ...PRIVATE_HEADERS };
    if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
    return Response.json({ message }, { status: failure.status, headers });
  } catch (mappingError) {
    console.error('[route] failed to answer an error', mappingError, error);
    return messageResponse(500, 'Error');
  }
}

/** OCTO's answer of a failure; the request's own refusals (size, content type, origin) as its BAD_REQUEST or FORBIDDEN. */
async function octoFailure(error: unknown, request: Request): Promise<Response> {
  try {
    if (error instanceof PayloadTooLarge) return octoBadRequest('The request body is too large');
    if (error instanceof RequestRefused) return error.status === 403 ? octoErrorResponse(new Forbidden(), request) : octoBadRequest(`The request was refused (${error.code})`);
    return await octoErrorResponse(error, request);
  } catch (mappingError) {
    console.error('[route] failed to answer an error', mappingError, error);
    return messageResponse(500, 'Error');
  }
}

/** Spec §3's error item. */
export type ErrorItem = { fieldName: string; errorMessage: string };

function validationItems(error: z.core.$ZodError, messages: RouteMessages): ErrorItem[] {
  return error.issues.map((issue) => ({
    fieldName: issue.path.join('.'),
    errorMessage: messages.has(issue.message) ? messages.text(issue.message) : issue.message,
  }));
}

function itemsResponse(items: ErrorItem[]): Response {
  return Response.json(items, { status: 422, headers: PRIVATE_HEADERS });
}

function messageResponse(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: PRIVATE_HEADERS });
}
