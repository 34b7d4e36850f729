'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { isLocale, localizedPath } from '@/i18n/locales';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { RuleViolation } from '@/server/errors';
import { syncSupplierProducts } from '@/server/suppliers/sync/sync-supplier';
import { addSupplier, recordSupplierSync, replaceSupplierKey } from './supplier-admin';
import { acceptProductChanges, publishProduct, saveOptionMapping, saveProductMapping } from './supplier-products';
import { addSupplierSchema, optionMappingSchema, productMappingSchema, productTargetSchema, replaceSupplierKeySchema, supplierTargetSchema } from './supplier-schemas';

// The console's supplier actions, operator admin only (`ops:suppliers`). No answer carries a key:
// adding or replacing one answers the supplier's id, and the page shows the key's hint.

type ProductChange = { id: string; tags: readonly string[] };

const expireShownPages = (change: ProductChange) => ({ expire: change.tags });

function changedId(result: ActionResult<ProductChange>): ActionResult<{ id: string }> {
  return result.ok ? { ok: true, data: { id: result.data.id } } : result;
}

export const addSupplierAction = runOpsAction({
  schema: addSupplierSchema,
  form: { arrays: ['capabilities'] },
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => addSupplier(db, staff, input),
  answer: async (result) => {
    // A new supplier goes on to its own page, where its products are synced.
    if (result.ok) {
      const locale = await getLocale();
      redirect(localizedPath(isLocale(locale) ? locale : 'en', `/ops/suppliers/${result.data.id}`));
    }
    return result;
  },
});

export const replaceSupplierKeyAction = runOpsAction({
  schema: replaceSupplierKeySchema,
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => replaceSupplierKey(db, staff, input),
});

/**
 * Imports the supplier's new products as drafts and flags the changed ones. A supplier that cannot
 * be reached keeps the error as its last sync's, and the operator is told why.
 */
export const syncSupplierAction = runOpsAction({
  schema: supplierTargetSchema,
  permission: 'ops:suppliers',
  run: async (input, { staff, db }) => {
    const outcome = await syncSupplierProducts(db, input.supplierId);
    await recordSupplierSync(db, staff, input.supplierId, outcome);
    if (!outcome.ok) throw new RuleViolation(`ops.suppliers.errors.connection.${outcome.error}`);
    return outcome;
  },
  // Only a withdrawn tour leaves public pages; drafts were never on them.
  revalidate: (outcome) => ({ expire: outcome.tags }),
  answer: (result) => (result.ok ? { ok: true as const, data: { imported: result.data.imported, changed: result.data.changed, withdrawn: result.data.withdrawn } } : result),
});

export const saveProductMappingAction = runOpsAction({
  schema: productMappingSchema,
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => saveProductMapping(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const saveOptionMappingAction = runOpsAction({
  schema: optionMappingSchema,
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => saveOptionMapping(db, staff, input),
  revalidate: expireShownPages,
  answer: changedId,
});

export const publishProductAction = runOpsAction({
  schema: productTargetSchema,
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => publishProduct(db, staff, input.productId),
  revalidate: expireShownPages,
  answer: changedId,
});

export const acceptProductChangesAction = runOpsAction({
  schema: productTargetSchema,
  permission: 'ops:suppliers',
  run: (input, { staff, db }) => acceptProductChanges(db, staff, input.productId),
  revalidate: expireShownPages,
  answer: changedId,
});
