// Typed domain errors (DESIGN.md "Conventions"). Their `code` is a message key; the
// underlying detail is logged, never shown.

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
    this.name = new.target.name;
  }
}

export class Unauthorized extends DomainError {
  constructor() {
    super('errors.unauthorized');
  }
}

export class Forbidden extends DomainError {
  constructor() {
    super('errors.forbidden');
  }
}

export class NotFound extends DomainError {
  constructor() {
    super('errors.notFound');
  }
}

/** Values interpolated into a rule's message, e.g. `{ max: 3 }` for the sold-out message. */
export type MessageValues = Record<string, string | number>;

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
    super(code);
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
    super(code);
  }
}

/** The request conflicts with what is stored (e.g. an idempotency key reused for another booking). */
export class Conflict extends DomainError {
  constructor(code = 'errors.conflict') {
    super(code);
  }
}

/** Too many attempts from this client or for this account; try again after `retryAfterSeconds`. */
export class TooManyRequests extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    code = 'errors.tooManyRequests',
  ) {
    super(code);
  }
}

/** The database cannot be reached: spec §8 'Server is under maintenance' (503). */
export class Maintenance extends DomainError {
  constructor(options?: { cause?: unknown }) {
    super('errors.maintenance');
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
