import 'server-only';
import { z } from 'zod';
import { failureOf } from '@/server/http/failure';
import { routeMessages } from '@/server/http/route-messages';

// OCTO's errors (docs/octo-api.md#errors): a 400 with `error`, `errorMessage` and, for an id the
// request named that we do not know, that id under its own field; 401 UNAUTHORIZED and 403
// FORBIDDEN for the key; 500 INTERNAL_SERVER_ERROR. A reseller's client switches on `error`, so
// every failure of an `/api/octo` route answers this shape, never the portal's own (spec §8).

export type OctoIdError = 'INVALID_PRODUCT_ID' | 'INVALID_OPTION_ID' | 'INVALID_UNIT_ID' | 'INVALID_AVAILABILITY_ID' | 'INVALID_BOOKING_UUID';
type OctoIdField = 'productId' | 'optionId' | 'unitId' | 'availabilityId' | 'uuid';

const ID_FIELDS: Record<OctoIdError, OctoIdField> = {
  INVALID_PRODUCT_ID: 'productId',
  INVALID_OPTION_ID: 'optionId',
  INVALID_UNIT_ID: 'unitId',
  INVALID_AVAILABILITY_ID: 'availabilityId',
  INVALID_BOOKING_UUID: 'uuid',
};

const ID_MESSAGES: Record<OctoIdError, string> = {
  INVALID_PRODUCT_ID: 'The productId was missing or invalid',
  INVALID_OPTION_ID: 'The optionId was missing or invalid',
  INVALID_UNIT_ID: 'The unitId was missing or invalid',
  INVALID_AVAILABILITY_ID: 'The availabilityId was missing or invalid',
  INVALID_BOOKING_UUID: 'The uuid was already used, missing or invalid',
};

/** A request OCTO refuses with a 400 of its own code. */
export class OctoError extends Error {
  constructor(
    readonly error: OctoIdError | 'BAD_REQUEST' | 'UNPROCESSABLE_ENTITY',
    readonly errorMessage: string,
    readonly fields: Partial<Record<OctoIdField, string>> = {},
  ) {
    super(`${error}: ${errorMessage}`);
    this.name = 'OctoError';
  }
}

/** An id the request named that is not ours (or not this agency's): the code and the id under its field. */
export function invalidId(error: OctoIdError, id: string): OctoError {
  return new OctoError(error, ID_MESSAGES[error], { [ID_FIELDS[error]]: id });
}

export function unprocessable(errorMessage: string): OctoError {
  return new OctoError('UNPROCESSABLE_ENTITY', errorMessage);
}

const HEADERS = { 'cache-control': 'private, no-store' } as const;

function octoError(status: number, error: string, errorMessage: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Response {
  return Response.json({ error, errorMessage, ...fields }, { status, headers: { ...HEADERS, ...headers } });
}

/**
 * The OCTO answer of whatever an `/api/octo` route threw (runRoute's `errors: 'octo'`): our own
 * domain refusals keep their English message (OCTO's `errorMessage` is for the reseller's
 * developers) under OCTO's code for their kind.
 */
export async function octoErrorResponse(error: unknown, request: Request): Promise<Response> {
  if (error instanceof OctoError) return octoError(400, error.error, error.errorMessage, error.fields);
  if (error instanceof z.core.$ZodError) {
    const detail = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    return octoError(400, 'BAD_REQUEST', `The request body is invalid (${detail})`);
  }
  const failure = failureOf(error);
  const messages = await routeMessages('en');
  const message = messages.has(failure.code) ? messages.text(failure.code, failure.values) : failure.code;
  switch (failure.status) {
    case 401:
      return octoError(401, 'UNAUTHORIZED', 'The API key is missing, unknown, expired or revoked');
    case 403:
      return octoError(403, 'FORBIDDEN', 'The API key does not hold the octo scope, or its agency may not book');
    case 404:
      return octoError(400, 'BAD_REQUEST', 'Not found');
    case 409:
    case 422:
      return octoError(400, 'UNPROCESSABLE_ENTITY', message);
    case 429:
      return octoError(429, 'TOO_MANY_REQUESTS', message, {}, failure.retryAfterSeconds ? { 'retry-after': String(failure.retryAfterSeconds) } : {});
    case 503:
      return octoError(503, 'INTERNAL_SERVER_ERROR', message);
    default:
      console.error('[octo] failed', request.method, new URL(request.url).pathname, error);
      return octoError(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  }
}

/** A refusal of the request itself (its size, its content type, its origin): OCTO's BAD_REQUEST. */
export function octoBadRequest(errorMessage: string): Response {
  return octoError(400, 'BAD_REQUEST', errorMessage);
}
