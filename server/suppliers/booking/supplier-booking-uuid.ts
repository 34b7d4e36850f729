import 'server-only';
import { createHash } from 'node:crypto';

/**
 * The uuid a checkout's booking has at the supplier, derived from the agency and the checkout's
 * idempotency key (a name-based uuid, version 5 layout over SHA-256): a replayed or concurrent
 * submission of the same checkout reserves under the same uuid, which the supplier treats as one
 * booking (OCTO's `uuid` is the reseller's idempotency key), so it is reserved once.
 */
export function supplierBookingUuid(agencyId: string, idempotencyKey: string): string {
  const bytes = createHash('sha256').update(`traveldesk-supplier-booking:${agencyId}:${idempotencyKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
