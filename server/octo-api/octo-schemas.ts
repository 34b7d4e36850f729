import 'server-only';
// The request bodies of our OCTO API (docs/octo-api.md), as OCTO's OpenAPI document defines them
// (the package's zod schemas are zod 3 and the routes parse with zod 4; tests/octo-api checks the
// two agree on every request the tests send). Pure, but for the server: the routes and the mapping read it.
import { z } from 'zod';
import { isCalendarDay } from '@/shared/dates';

const localDate = z.string().refine((value) => isCalendarDay(value), { error: 'Must be a local date (yyyy-MM-dd)' });

const units = z.array(z.object({ id: z.string(), quantity: z.number().int().min(0).max(50) })).max(20);

export const availabilityBodySchema = z.object({
  productId: z.string(),
  optionId: z.string(),
  localDateStart: localDate.optional(),
  localDateEnd: localDate.optional(),
  availabilityIds: z.array(z.string()).max(100).optional(),
  units: units.optional(),
  currency: z.string().nullable().optional(),
});
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

export const calendarBodySchema = availabilityBodySchema.omit({ availabilityIds: true });
export type CalendarBody = z.infer<typeof calendarBodySchema>;

const contactSchema = z.object({
  fullName: z.string().max(100).nullable().optional(),
  firstName: z.string().max(50).nullable().optional(),
  lastName: z.string().max(50).nullable().optional(),
  emailAddress: z.email().nullable().optional(),
  phoneNumber: z.string().max(30).nullable().optional(),
  locales: z.array(z.string()).optional(),
  postalCode: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  notes: z.string().max(1000).nullable().optional(),
});
export type OctoContactInput = z.infer<typeof contactSchema>;

const unitItemSchema = z.object({
  uuid: z.uuid().optional(),
  unitId: z.string(),
  resellerReference: z.string().optional(),
  contact: contactSchema.optional(),
});

/** The longest a reservation may hold its places (docs/octo-api.md#reservations). */
export const MAX_EXPIRATION_MINUTES = 120;
const expirationMinutes = z.number().int().min(1).max(MAX_EXPIRATION_MINUTES);
const resellerReference = z.string().trim().min(1).max(100);

export const reservationBodySchema = z.object({
  uuid: z.uuid().optional(),
  productId: z.string(),
  optionId: z.string(),
  availabilityId: z.string().optional(),
  expirationMinutes: expirationMinutes.optional(),
  notes: z.string().max(1000).nullable().optional(),
  unitItems: z.array(unitItemSchema).min(1).max(50),
  resellerReference: resellerReference.optional(),
  contact: contactSchema.optional(),
  currency: z.string().nullable().optional(),
});
export type ReservationBody = z.infer<typeof reservationBodySchema>;

export const confirmationBodySchema = z.object({
  emailReceipt: z.boolean().optional(),
  resellerReference: resellerReference.optional(),
  contact: contactSchema,
  unitItems: z.array(unitItemSchema).max(50).optional(),
});
export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;

export const extendBodySchema = z.object({ expirationMinutes: expirationMinutes.optional() });

export const updateBodySchema = z.object({
  resellerReference: resellerReference.optional(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  availabilityId: z.string().optional(),
  expirationMinutes: expirationMinutes.optional(),
  notes: z.string().max(1000).nullable().optional(),
  emailReceipt: z.boolean().optional(),
  unitItems: z.array(unitItemSchema).max(50).optional(),
  contact: contactSchema.optional(),
});
export type UpdateBody = z.infer<typeof updateBodySchema>;

export const cancellationBodySchema = z.object({ reason: z.string().max(500).nullable().optional(), force: z.boolean().optional() });

export const bookingsQuerySchema = z.object({ resellerReference: z.string().optional(), supplierReference: z.string().optional() });

/** A booking's uuid in the path, whatever its form (an unknown one is OCTO's INVALID_BOOKING_UUID, not a 404). */
export const uuidParamsSchema = z.object({ uuid: z.string() });
export const productParamsSchema = z.object({ id: z.string() });
