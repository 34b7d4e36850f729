// Typed domain errors (DESIGN.md "Conventions"). Their `code` is a message key; the
// underlying detail is logged, never shown.
//
// Next compiles instrumentation (the job runner), route handlers and pages as separate bundles,
// each with its own copy of this module: an error thrown by code one bundle built (a payment
// gateway the job runner created first, say) is not `instanceof` the other bundle's class. So
// each error carries its kind under a process-wide symbol, and callers ask `isDomainError`.

import type { MessageValues } from '@/i18n/message-values';

const KIND = Symbol.for('traveldesk.domainError.kind');

export type DomainErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'ruleViolation'
  | 'invalidFields'
  | 'conflict'
  | 'tooManyRequests'
  | 'maintenance';

export abstract class DomainError extends Error {
  readonly [KIND]: DomainErrorKind;

  constructor(
    kind: DomainErrorKind,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
    this[KIND] = kind;
    this.name = new.target.name;
  }
}

export class Unauthorized extends DomainError {
  constructor() {
    super('unauthorized', 'errors.unauthorized');
  }
}

export class Forbidden extends DomainError {
  constructor() {
    super('forbidden', 'errors.forbidden');
  }
}

export class NotFound extends DomainError {
  constructor() {
    super('notFound', 'errors.notFound');
  }
}

/** Values interpolated into a message; money, days and months are formatted in the reader's language. */
export type { MessageValues };

/**
 * A business rule said no (sold out, insufficient balance, wrong promo code…). `code` is the
 * message key shown to the agent; `field` ties it to a form field when there is one.
 */
export class RuleViolation extends DomainError {
  constructor(
    code: string,
    readonly values: MessageValues = {},
    readonly field?: string,
  ) {
    super('ruleViolation', code);
  }
}

/**
 * Input the form's schema accepted that a rule needing stored data refused, field by field (a
 * widget's sale price under its offer's cost, say). `fieldErrors` maps a field's path
 * (`offers.0.saleAdult`) to its message key.
 */
export class InvalidFields extends DomainError {
  constructor(
    readonly fieldErrors: Record<string, string>,
    code = 'errors.validation',
  ) {
    super('invalidFields', code);
  }
}

/** The request conflicts with what is stored (e.g. an idempotency key reused for another booking). */
export class Conflict extends DomainError {
  constructor(code = 'errors.conflict') {
    super('conflict', code);
  }
}

/** Too many attempts from this client or for this account; try again after `retryAfterSeconds`. */
export class TooManyRequests extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    code = 'errors.tooManyRequests',
  ) {
    super('tooManyRequests', code);
  }
}

/** The database cannot be reached: spec §8 'Server is under maintenance' (503). */
export class Maintenance extends DomainError {
  constructor(options?: { cause?: unknown }) {
    super('maintenance', 'errors.maintenance');
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

type DomainErrors = {
  unauthorized: Unauthorized;
  forbidden: Forbidden;
  notFound: NotFound;
  ruleViolation: RuleViolation;
  invalidFields: InvalidFields;
  conflict: Conflict;
  tooManyRequests: TooManyRequests;
  maintenance: Maintenance;
};

/**
 * Whether `error` is a domain error (of `kind`, when named), whichever bundle's class made it:
 * the test `instanceof` cannot pass across bundles. A subclass answers to its base's kind
 * (`PaymentMismatch` is a `ruleViolation`).
 */
export function isDomainError<K extends DomainErrorKind = DomainErrorKind>(error: unknown, kind?: K): error is DomainErrors[K] {
  if (typeof error !== 'object' || error === null || !(KIND in error)) return false;
  return kind === undefined || (error as DomainError)[KIND] === kind;
}
