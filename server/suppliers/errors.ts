import 'server-only';

// What can go wrong when we ask a supplier (docs/suppliers.md "Errors"). Every connector method
// fails with a SupplierError whose `code` says how the caller should react: a supplier that is
// down (timeout, unavailable, circuit_open) turns its offers into "on request" and a booking into
// a quotation request; a business answer (not_found, sold_out, rejected) is shown to the agent; the
// rest (unauthorized, invalid_response) is the operator's to mend in the console.
//
// Like the domain errors (server/errors.ts), each carries a process-wide brand, because Next
// builds separate bundles whose copies of this class are not `instanceof` one another.

const BRAND = Symbol.for('traveldesk.supplierError');

export const SUPPLIER_ERROR_CODES = [
  'timeout',
  'unavailable',
  'circuit_open',
  'unauthorized',
  'not_found',
  'sold_out',
  'rejected',
  'invalid_response',
] as const;

export type SupplierErrorCode = (typeof SUPPLIER_ERROR_CODES)[number];

/** The codes that mean "the supplier cannot be reached now", not "it said no". */
const DOWN: ReadonlySet<SupplierErrorCode> = new Set(['timeout', 'unavailable', 'circuit_open']);

export class SupplierError extends Error {
  readonly [BRAND] = true;
  /** The supplier's own error code (OCTO's `error`, e.g. `INVALID_PRODUCT_ID`), when it answered one. */
  readonly error: string | null;
  /** The supplier's own words (OCTO's `errorMessage`); logged and shown to operators, never to agents. */
  readonly errorMessage: string | null;

  constructor(
    readonly code: SupplierErrorCode,
    readonly supplierId: string,
    details: { error?: string | null; errorMessage?: string | null; message?: string; cause?: unknown } = {},
  ) {
    super(details.message ?? `Supplier ${supplierId}: ${code}${details.error ? ` (${details.error}: ${details.errorMessage ?? ''})` : ''}`, {
      cause: details.cause,
    });
    this.name = 'SupplierError';
    this.error = details.error ?? null;
    this.errorMessage = details.errorMessage ?? null;
  }
}

/** Whether `error` is a SupplierError, whichever bundle's class made it. */
export function isSupplierError(error: unknown): error is SupplierError {
  return typeof error === 'object' && error !== null && BRAND in error;
}

/** True when the supplier could not be reached (timeout, unavailable, its breaker open). */
export function isSupplierDown(error: unknown): boolean {
  return isSupplierError(error) && DOWN.has(error.code);
}

/** The message key an agent or operator is shown for a supplier error (messages/supplier-connection). */
export function supplierErrorMessageKey(error: SupplierError): string {
  return `supplierConnection.errors.${error.code}`;
}
