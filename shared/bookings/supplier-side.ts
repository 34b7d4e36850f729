// A supplier-backed booking's side at the supplier, as the booking page, the documents, the lists
// and the xlsx show it. Pure and client-safe: the supplier's reference and codes are written by the
// booking flow (server/suppliers/booking), and these only read them.

/** Where the booking stands at the supplier (the `supplier_booking_status` enum). */
export const SUPPLIER_BOOKING_STATUSES = ['on_hold', 'confirmed', 'awaiting_supplier', 'failed', 'cancelled'] as const;
export type SupplierBookingStatus = (typeof SUPPLIER_BOOKING_STATUSES)[number];

/** A code the supplier issued, printed in its format: `QRCODE` as a QR code, anything else as text. */
export type SupplierCode = { unitType: string | null; code: string; format: string };

export type SupplierSide = {
  /** The supplier's own reference, or null while it has not given one (on hold, awaiting, failed). */
  reference: string | null;
  status: SupplierBookingStatus | null;
  codes: SupplierCode[];
};

/** The supplier's side of a booking row, or null for a booking of our own inventory. */
export function supplierSide(row: {
  supplierReference: string | null;
  supplierStatus: SupplierBookingStatus | null;
  supplierTickets: SupplierCode[] | null;
}): SupplierSide | null {
  const codes = row.supplierTickets ?? [];
  if (row.supplierReference === null && row.supplierStatus === null && codes.length === 0) return null;
  return { reference: row.supplierReference, status: row.supplierStatus, codes };
}

/** Whether a code is printed as a QR code (OCTO's `QRCODE` delivery format); others print as text. */
export function isQrCode(code: SupplierCode): boolean {
  return code.format.toUpperCase() === 'QRCODE';
}

/**
 * The supplier code that admits one guest: the n-th (1-based) code issued for their unit type, or
 * else the booking's own code (unit type null), which admits the whole party.
 */
export function codeForGuest(codes: readonly SupplierCode[], unitType: string, index: number): SupplierCode | null {
  const own = codes.filter((code) => code.unitType === unitType);
  return own[index - 1] ?? codes.find((code) => code.unitType === null) ?? null;
}

/** The codes on one line, for a list cell or a spreadsheet: `CODE (FORMAT)`, comma-separated. */
export function codesLine(codes: readonly SupplierCode[]): string {
  return codes.map((code) => `${code.code} (${code.format})`).join(', ');
}
