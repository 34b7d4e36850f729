import 'server-only';
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBaseError,
  zBooking,
  zCapabilitiesGetResponse,
  zProduct,
  zProductsGetProductsResponse,
  zSupplier,
} from '@octocloud/types/dist/models/zod.gen.js';
import type { OptionRef, SupplierConnector, UnitCounts } from '../connector';
import { SupplierError, type SupplierErrorCode } from '../errors';
import { resolveSupplierTarget, SupplierAddressRefused } from '../supplier-address';
import { createAgents, HttpTimeout, sendHttp } from './octo-http';
import { mapBooking, mapCalendarDay, mapProduct, mapSlot } from './octo-mapping';

// The OCTO client (docs/suppliers.md "The OCTO connector"). Every OCTO supplier plugs in by its base
// URL, API key (sent as `Authorization: Bearer`), the capabilities we ask of it (`Octo-Capabilities`)
// and its currency. Every answer is parsed with the schemas @octocloud/types generates from OCTO's
// OpenAPI document and mapped to the connector's types; OCTO's error bodies (`{error,
// errorMessage}`) become SupplierError codes. Each call has a time limit and goes to the address
// the SSRF rule checked.

export type OctoSupplierConfig = {
  supplierId: string;
  baseUrl: string;
  apiKey: string;
  capabilities: string[];
  currency: string;
};

export type OctoConnectorOptions = {
  /** How long one call may take before it counts as a timeout. */
  timeoutMs?: number;
};

/** Short: a page never waits on a slow supplier for longer than this (docs/suppliers.md "Time limits"). */
export const DEFAULT_TIMEOUT_MS = 3_000;

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } };

/** OCTO's error codes that mean "no such thing". */
const NOT_FOUND_ERRORS = new Set(['INVALID_PRODUCT_ID', 'INVALID_OPTION_ID', 'INVALID_UNIT_ID', 'INVALID_AVAILABILITY_ID', 'INVALID_BOOKING_UUID']);

/**
 * OCTO has no "sold out" error: suppliers refuse a reserve the slot cannot take with
 * UNPROCESSABLE_ENTITY and say why in words. These are the words they use.
 */
const SOLD_OUT_WORDS = /sold[\s_-]?out|vacanc|no (longer )?availab|not available|capacity|insufficient/i;

/** `promise`, or HttpTimeout after `timeoutMs`. */
function withinTime<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpTimeout(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function unitItems(units: UnitCounts): { unitId: string }[] {
  return units.flatMap(({ unitId, quantity }) => Array.from({ length: quantity }, () => ({ unitId })));
}

type OctoClient = {
  call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, schema: Schema<T>, body?: unknown, context?: 'reserve'): Promise<T>;
};

function createOctoClient(config: OctoSupplierConfig, options: OctoConnectorOptions): OctoClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agents = createAgents();
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = {
    authorization: `Bearer ${config.apiKey}`,
    'octo-capabilities': config.capabilities.join(', '),
    accept: 'application/json',
    'user-agent': 'Traveldesk-OCTO/1',
  };

  const fail = (code: SupplierErrorCode, details?: ConstructorParameters<typeof SupplierError>[2]) => new SupplierError(code, config.supplierId, details);

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, schema: Schema<T>, body?: unknown, context?: 'reserve'): Promise<T> {
    const url = new URL(base + path);
    let answer;
    try {
      // One time limit for the whole call: the name's lookup as well as the exchange.
      const deadline = performance.now() + timeoutMs;
      const target = await withinTime(resolveSupplierTarget(url), timeoutMs);
      answer = await sendHttp(url, target, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: Math.max(1, Math.round(deadline - performance.now())),
        agents,
      });
    } catch (cause) {
      if (cause instanceof HttpTimeout) throw fail('timeout', { cause });
      if (cause instanceof SupplierAddressRefused) throw fail('unavailable', { cause, message: `Supplier ${config.supplierId}: its address ${cause.address} is refused` });
      throw fail('unavailable', { cause });
    }
    let json: unknown;
    try {
      json = answer.body === '' ? null : JSON.parse(answer.body);
    } catch (cause) {
      throw fail(answer.status >= 500 ? 'unavailable' : 'invalid_response', { cause, message: `Supplier ${config.supplierId}: HTTP ${answer.status}, not JSON` });
    }
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw fail('invalid_response', { cause: parsed.error, message: `Supplier ${config.supplierId}: ${method} ${path} answered outside OCTO's schema` });
      return parsed.data;
    }
    const octoError = zBaseError.safeParse(json);
    const error = octoError.success ? octoError.data.error : null;
    const errorMessage = octoError.success ? octoError.data.errorMessage : null;
    const details = { error, errorMessage };
    if (answer.status >= 500 || error === 'INTERNAL_SERVER_ERROR') throw fail('unavailable', details);
    if (answer.status === 401 || answer.status === 403 || error === 'UNAUTHORIZED' || error === 'FORBIDDEN') throw fail('unauthorized', details);
    if (error !== null && NOT_FOUND_ERRORS.has(error)) throw fail('not_found', details);
    if (context === 'reserve' && error === 'UNPROCESSABLE_ENTITY' && SOLD_OUT_WORDS.test(errorMessage ?? '')) throw fail('sold_out', details);
    if (answer.status === 404) throw fail('not_found', details);
    if (answer.status === 429) throw fail('unavailable', details);
    if (answer.status >= 400 && answer.status < 500) throw fail('rejected', details);
    throw fail('invalid_response', { ...details, message: `Supplier ${config.supplierId}: HTTP ${answer.status}` });
  }

  return { call };
}

/**
 * The supplier's own id and name (`GET /supplier`) and the capabilities it offers (`GET
 * /capabilities`; null when it does not answer that): the console's connection test on save.
 */
export async function fetchOctoSupplier(
  config: OctoSupplierConfig,
  options: OctoConnectorOptions = {},
): Promise<{ externalId: string; name: string; capabilities: string[] | null }> {
  const client = createOctoClient(config, options);
  const supplier = await client.call('GET', '/supplier', zSupplier);
  const capabilities = await client.call('GET', '/capabilities', zCapabilitiesGetResponse).then(
    (list) => list.map((capability) => capability.id),
    (error: unknown) => {
      // Not every supplier lists its capabilities; one that refuses the path still connects.
      if (error instanceof SupplierError && (error.code === 'not_found' || error.code === 'rejected' || error.code === 'invalid_response')) return null;
      throw error;
    },
  );
  return { externalId: supplier.id, name: supplier.name, capabilities };
}

export function createOctoConnector(config: OctoSupplierConfig, options: OctoConnectorOptions = {}): SupplierConnector {
  const { call } = createOctoClient(config, options);
  const id = (value: string) => encodeURIComponent(value);
  const wantsPricing = config.capabilities.includes('octo/pricing');
  const currency = wantsPricing ? { currency: config.currency } : {};

  /** What both availability calls ask: the option, the local date range, the units when known. */
  const availabilityBody = (ref: OptionRef, range: { from: string; to: string }, units: UnitCounts | undefined) => ({
    productId: ref.productId,
    optionId: ref.optionId,
    localDateStart: range.from,
    localDateEnd: range.to,
    ...(units && units.length > 0 ? { units: units.map((unit) => ({ id: unit.unitId, quantity: unit.quantity })) } : {}),
    ...currency,
  });

  return {
    async listProducts() {
      const products = await call('GET', '/products', zProductsGetProductsResponse);
      return products.map((product) => mapProduct(product, config.currency));
    },

    async getProduct(productId) {
      return mapProduct(await call('GET', `/products/${id(productId)}`, zProduct), config.currency);
    },

    async availabilityCalendar(ref, range, units) {
      const days = await call('POST', '/availability/calendar', zAvailabilitiesAvailabilityCalendarResponse, availabilityBody(ref, range, units));
      return days.map(mapCalendarDay);
    },

    async availability(ref, range, units) {
      const slots = await call('POST', '/availability', zAvailabilitiesAvailabilityCheckResponse, availabilityBody(ref, range, units));
      return slots.map(mapSlot);
    },

    async reserve(request) {
      const booking = await call(
        'POST',
        '/bookings',
        zBooking,
        {
          uuid: request.uuid,
          productId: request.productId,
          optionId: request.optionId,
          availabilityId: request.availabilityId,
          expirationMinutes: request.expirationMinutes,
          notes: request.notes ?? null,
          unitItems: unitItems(request.units),
          ...currency,
        },
        'reserve',
      );
      return mapBooking(booking);
    },

    async extend(uuid, expirationMinutes) {
      return mapBooking(await call('POST', `/bookings/${id(uuid)}/extend`, zBooking, { expirationMinutes }));
    },

    async confirm(uuid, request) {
      return mapBooking(
        await call('POST', `/bookings/${id(uuid)}/confirm`, zBooking, {
          resellerReference: request.resellerReference,
          contact: {
            fullName: request.contact.fullName,
            emailAddress: request.contact.emailAddress,
            phoneNumber: request.contact.phoneNumber,
            locales: request.contact.locales,
          },
        }),
      );
    },

    async amend(uuid, request) {
      return mapBooking(
        await call('PATCH', `/bookings/${id(uuid)}`, zBooking, {
          ...(request.availabilityId === undefined ? {} : { availabilityId: request.availabilityId }),
          ...(request.units === undefined ? {} : { unitItems: unitItems(request.units) }),
          ...(request.contact === undefined ? {} : { contact: request.contact }),
          ...(request.notes === undefined ? {} : { notes: request.notes }),
        }),
      );
    },

    async cancel(uuid, reason) {
      return mapBooking(await call('POST', `/bookings/${id(uuid)}/cancel`, zBooking, { reason }));
    },

    async getBooking(uuid) {
      try {
        return mapBooking(await call('GET', `/bookings/${id(uuid)}`, zBooking));
      } catch (error) {
        if (error instanceof SupplierError && error.code === 'not_found') return null;
        throw error;
      }
    },
  };
}
