import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { offers, type SupplierUnitMap } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import type { GuestCounts } from '@/shared/availability/rules';
import type { OptionRef, SupplierAvailabilityType, UnitCounts } from '../connector';

/** An offer sold from a supplier's option: which supplier, product and option, and its unit map. */
export type SupplierOffer = OptionRef & {
  supplierId: string;
  units: SupplierUnitMap;
  availabilityType: SupplierAvailabilityType;
};

/** The supplier side of an offer, or null for an offer of our own inventory. */
export async function loadSupplierOffer(db: Database | Transaction, offerId: string): Promise<SupplierOffer | null> {
  const [row] = await db
    .select({
      supplierId: offers.supplierId,
      productId: offers.supplierProductId,
      optionId: offers.supplierOptionId,
      units: offers.supplierUnits,
      availabilityType: offers.availabilityType,
    })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  if (!row?.supplierId) return null;
  // An offer linked to a supplier but not mapped (no option or units) cannot be booked there.
  if (!row.productId || !row.optionId || !row.units) throw new RuleViolation('checkout.offerUnavailable');
  return { supplierId: row.supplierId, productId: row.productId, optionId: row.optionId, units: row.units, availabilityType: row.availabilityType };
}

/**
 * Our guest counts as the supplier's units. A guest type the offer maps to no unit cannot be
 * sold, except infants: a supplier without an infant unit lets them in free.
 */
export function supplierUnitCounts(units: SupplierUnitMap, counts: GuestCounts): UnitCounts {
  const wanted: UnitCounts = [];
  for (const type of ['adult', 'child', 'infant'] as const) {
    const quantity = type === 'adult' ? counts.adults : type === 'child' ? counts.children : counts.infants;
    if (quantity === 0) continue;
    const unitId = units[type];
    if (unitId) wanted.push({ unitId, quantity });
    else if (type !== 'infant') throw new RuleViolation('supplierBooking.unitNotSold', {}, type === 'adult' ? 'adults' : 'children');
  }
  return wanted;
}
