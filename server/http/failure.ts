import 'server-only';
import { noteDatabaseError } from '@/server/db/health';
import { type DomainError, isDomainError, type MessageValues } from '@/server/errors';

// Spec §8's statuses for whatever a request's domain call threw: the one table that `runRoute`
// (as the HTTP status) and `runAction` (as `status` beside the message) both read.

export type FailureStatus = 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

export type Failure = {
  status: FailureStatus;
  /** Message key, e.g. `availability.soldOut`. */
  code: string;
  values?: MessageValues;
  /** The form field a refused rule is about. */
  field?: string;
  /** Several fields' message keys by field path (InvalidFields). */
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};

const UNEXPECTED: Failure = { status: 500, code: 'errors.unexpected' };

/**
 * The failure a thrown error stands for. An outage (Maintenance, or an error that
 * `noteDatabaseError` recognises, which also starts the recovery probe) is 503; an error that is
 * none of the typed ones is `unexpected` (500), for the caller to log.
 */
export function failureOf(error: unknown): Failure {
  // By kind, not `instanceof`: the error may come from another bundle's copy of the classes.
  if (isDomainError(error, 'maintenance')) return { status: 503, code: 'errors.maintenance' };
  if (isDomainError(error, 'unauthorized')) return { status: 401, code: error.code };
  if (isDomainError(error, 'forbidden')) return { status: 403, code: error.code };
  if (isDomainError(error, 'notFound')) return { status: 404, code: error.code };
  if (isDomainError(error, 'conflict')) return { status: 409, code: error.code, values: valuesOf(error) };
  if (isDomainError(error, 'tooManyRequests')) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return { status: 429, code: error.code, values: { seconds }, retryAfterSeconds: seconds };
  }
  if (isDomainError(error, 'invalidFields')) return { status: 422, code: error.code, fields: error.fieldErrors };
  if (isDomainError(error, 'ruleViolation')) return { status: 422, code: error.code, values: error.values, field: error.field };
  // Any other typed refusal is a rule the request broke.
  if (isDomainError(error)) return { status: 422, code: error.code, values: valuesOf(error) };
  if (noteDatabaseError(error)) return { status: 503, code: 'errors.maintenance' };
  return UNEXPECTED;
}

/** A typed error whose message needs values (a month and a date, say) carries them as `values`. */
function valuesOf(error: DomainError): MessageValues | undefined {
  const { values } = error as DomainError & { values?: unknown };
  return typeof values === 'object' && values !== null ? (values as MessageValues) : undefined;
}
