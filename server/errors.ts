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
