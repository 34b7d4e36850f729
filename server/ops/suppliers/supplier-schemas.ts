import 'server-only';
import { z } from 'zod';
import { text } from '@/shared/text';

// The console's supplier forms, field by field as they post them (flat names, strings).

const E = 'ops.suppliers.errors';
const id = z.uuid('errors.validation');
const required = (max: number) => text().min(1, `${E}.required`).max(max, `${E}.tooLong`);
const percent = text()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, `${E}.percent`)
  .transform(Number)
  .pipe(z.number().min(0, `${E}.percent`).max(500, `${E}.percent`));

/** The capabilities a supplier may offer that we use; asked for only when the operator ticks them. */
export const SUPPLIER_CAPABILITIES = ['octo/pricing', 'octo/content'] as const;

/** Currencies the portal has a rate for (the dollar's peg, the operator's rouble rate): a supplier's prices become AED fils by them. */
export const SUPPLIER_CURRENCIES = ['AED', 'USD', 'RUB'] as const;

/** An API key as typed: taken as is, no spaces, never echoed back into the form. */
const apiKey = text({ trim: true }).min(8, `${E}.apiKey`).max(500, `${E}.tooLong`).regex(/^\S+$/, `${E}.apiKey`);

export const addSupplierSchema = z.object({
  name: required(200),
  baseUrl: required(500).refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), `${E}.baseUrl`),
  apiKey,
  currency: text()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(SUPPLIER_CURRENCIES, `${E}.currency`)),
  capabilities: z.array(z.enum(SUPPLIER_CAPABILITIES, 'errors.validation')).max(SUPPLIER_CAPABILITIES.length).default([]),
});
export type AddSupplierInput = z.output<typeof addSupplierSchema>;

export const replaceSupplierKeySchema = z.object({ supplierId: id, apiKey });
export const supplierTargetSchema = z.object({ supplierId: id });

/** An imported product's tour and our margin over the supplier's prices, for all its offers. */
export const productMappingSchema = z
  .object({
    productId: id,
    titleEn: required(200),
    titleRu: required(200),
    cityId: id,
    categoryId: z.union([id, z.literal('').transform(() => null)]).prefault(''),
    netMarkupPercent: percent,
    retail: z.enum(['supplier', 'markup'], 'errors.validation'),
    retailMarkupPercent: percent.or(z.literal('').transform(() => 0)).prefault(''),
  })
  .superRefine((input, context) => {
    // Recommended retail under the b2b price would tell agents to sell at a loss.
    if (input.retail === 'markup' && input.retailMarkupPercent < input.netMarkupPercent) {
      context.addIssue({ code: 'custom', path: ['retailMarkupPercent'], message: `${E}.retailBelowNet` });
    }
  });
export type ProductMappingInput = z.output<typeof productMappingSchema>;

const unitId = text().max(200, `${E}.tooLong`);

/** One supplier option as one offer: its names and which of the supplier's units are our adult, child and infant. */
export const optionMappingSchema = z.object({
  productId: id,
  offerId: id,
  nameEn: required(200),
  nameRu: required(200),
  unitAdult: unitId.min(1, `${E}.adultUnit`),
  unitChild: unitId.prefault(''),
  unitInfant: unitId.prefault(''),
});
export type OptionMappingInput = z.output<typeof optionMappingSchema>;

export const productTargetSchema = z.object({ productId: id });
