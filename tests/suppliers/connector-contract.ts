import { randomUUID } from 'node:crypto';
import type { ConfirmRequest, OptionRef, SupplierConnector } from '@/server/suppliers/connector';
import { isSupplierError, type SupplierErrorCode } from '@/server/suppliers/errors';

// The connector contract (docs/suppliers.md "The contract"): what every implementation of
// SupplierConnector must do, run against each of them (our own inventory, the OCTO client against
// the local OCTO supplier), so the picker, checkout and booking code can rely on one behaviour.

export type ContractSubject = {
  connector: SupplierConnector;
  /** A bookable product and option of it, with an adult unit… */
  productId: string;
  optionId: string;
  adultUnitId: string;
  /** …and a date whose first slot has at least 6 places left. */
  date: string;
};

const CONTACT: ConfirmRequest['contact'] = { fullName: 'Amal Haddad', emailAddress: 'amal@example.test', phoneNumber: '+971 50 123 4567', locales: ['en'] };

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function failureCode(promise: Promise<unknown>): Promise<SupplierErrorCode> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isSupplierError(error)) throw new Error(`expected a SupplierError, got ${String(error)}`);
  return error.code;
}

export function connectorContract(name: string, subject: () => ContractSubject): void {
  describe(`${name}: the connector contract`, () => {
    const ref = (): OptionRef => ({ productId: subject().productId, optionId: subject().optionId });
    const day = () => ({ from: subject().date, to: subject().date });

    async function firstSlot() {
      const [slot] = await subject().connector.availability(ref(), day());
      if (!slot) throw new Error(`no slot on ${subject().date}`);
      return slot;
    }

    async function vacanciesOf(availabilityId: string): Promise<number | null> {
      const slots = await subject().connector.availability(ref(), day());
      const slot = slots.find((entry) => entry.availabilityId === availabilityId);
      if (!slot) throw new Error(`slot ${availabilityId} is gone`);
      return slot.vacancies;
    }

    async function reserve(quantity: number, uuid: string = randomUUID()) {
      const slot = await firstSlot();
      const booking = await subject().connector.reserve({ ...ref(), uuid, availabilityId: slot.availabilityId, units: [{ unitId: subject().adultUnitId, quantity }], expirationMinutes: 15 });
      return { slot, booking, uuid };
    }

    it('lists its products with options and priced units, and reads one product alike', async () => {
      const { connector, productId, optionId, adultUnitId } = subject();
      const products = await connector.listProducts();
      const product = products.find((entry) => entry.id === productId);
      expect(product).toBeDefined();
      expect(['start_time', 'opening_hours']).toContain(product!.availabilityType);
      const option = product!.options.find((entry) => entry.id === optionId);
      const adult = option?.units.find((unit) => unit.id === adultUnitId);
      expect(adult).toMatchObject({ type: 'adult', net: { amountMinor: expect.any(Number), currency: expect.stringMatching(/^[A-Z]{3}$/) } });
      expect(adult!.net!.amountMinor).toBeGreaterThan(0);
      expect(await connector.getProduct(productId)).toEqual(product);
    });

    it('answers a calendar and the day’s slots', async () => {
      const { connector, date } = subject();
      const calendar = await connector.availabilityCalendar(ref(), day());
      expect(calendar).toHaveLength(1);
      expect(calendar[0]).toMatchObject({ date, status: expect.stringMatching(/^(available|limited)$/) });
      const slot = await firstSlot();
      expect(slot).toMatchObject({ date, startTime: expect.stringMatching(/^\d{2}:\d{2}$/), status: expect.stringMatching(/^(available|limited)$/) });
      expect(slot.vacancies).toBeGreaterThanOrEqual(6);
      expect(calendar[0]!.vacancies).toBeGreaterThanOrEqual(slot.vacancies!);
      // Every day of the range, in order, whether it has slots or not.
      const week = await connector.availabilityCalendar(ref(), { from: date, to: addDays(date, 6) });
      expect(week.map((entry) => entry.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((days) => addDays(date, days)));
    });

    it('reserves with a hold, confirms, and reads the booking back', async () => {
      const { connector } = subject();
      const started = Date.now();
      const { booking, uuid } = await reserve(2);
      expect(booking).toMatchObject({ uuid, state: 'on_hold' });
      expect(booking.holdExpiresAt!.getTime()).toBeGreaterThan(started + 10 * 60_000);
      const extended = await connector.extend(uuid, 30);
      expect(extended.holdExpiresAt!.getTime()).toBeGreaterThan(booking.holdExpiresAt!.getTime());
      const confirmed = await connector.confirm(uuid, { resellerReference: `TD-${uuid.slice(0, 8)}`, contact: CONTACT });
      expect(confirmed).toMatchObject({ uuid, state: 'confirmed', holdExpiresAt: null });
      expect(confirmed.reference).toEqual(expect.any(String));
      expect(await connector.getBooking(uuid)).toEqual(confirmed);
      // Confirming twice is harmless.
      expect(await connector.confirm(uuid, { resellerReference: `TD-${uuid.slice(0, 8)}`, contact: CONTACT })).toEqual(confirmed);
    });

    it('takes places with a reserve, moves them with an amendment, and gives them back on cancel', async () => {
      const { connector, adultUnitId } = subject();
      const slot = await firstSlot();
      const before = await vacanciesOf(slot.availabilityId);
      const { booking, uuid } = await reserve(3);
      expect(await vacanciesOf(slot.availabilityId)).toBe(before! - 3);
      const amended = await connector.amend(uuid, { units: [{ unitId: adultUnitId, quantity: 1 }] });
      expect(amended.state).toBe('on_hold');
      expect(await vacanciesOf(slot.availabilityId)).toBe(before! - 1);
      const cancelled = await connector.cancel(uuid, 'The guest changed plans');
      expect(cancelled).toMatchObject({ uuid, reference: booking.reference, state: 'cancelled' });
      expect(await vacanciesOf(slot.availabilityId)).toBe(before);
      expect((await connector.getBooking(uuid))?.state).toBe('cancelled');
    });

    it('reserves once per uuid, however often it is asked', async () => {
      const slot = await firstSlot();
      const before = await vacanciesOf(slot.availabilityId);
      const uuid = randomUUID();
      const first = await reserve(2, uuid);
      const again = await reserve(2, uuid);
      expect(again.booking).toEqual(first.booking);
      expect(await vacanciesOf(slot.availabilityId)).toBe(before! - 2);
      await subject().connector.cancel(uuid, 'done');
    });

    it('refuses more places than the slot has as sold out', async () => {
      const slot = await firstSlot();
      const left = await vacanciesOf(slot.availabilityId);
      expect(await failureCode(reserve(left! + 1))).toBe('sold_out');
      expect(await vacanciesOf(slot.availabilityId)).toBe(left);
    });

    it('says not_found for an unknown product, option, availability or booking, and rejected for a day that does not exist', async () => {
      const { connector, productId, adultUnitId } = subject();
      expect(await failureCode(connector.getProduct('no-such-product'))).toBe('not_found');
      expect(await failureCode(connector.availability({ productId: 'no-such-product', optionId: subject().optionId }, day()))).toBe('not_found');
      expect(await failureCode(connector.availability({ productId, optionId: 'no-such-option' }, day()))).toBe('not_found');
      expect(
        await failureCode(connector.reserve({ ...ref(), uuid: randomUUID(), availabilityId: 'no-such-availability', units: [{ unitId: adultUnitId, quantity: 1 }], expirationMinutes: 15 })),
      ).toBe('not_found');
      const slot = await firstSlot();
      expect(
        await failureCode(connector.reserve({ ...ref(), uuid: randomUUID(), availabilityId: slot.availabilityId, units: [{ unitId: 'no-such-unit', quantity: 1 }], expirationMinutes: 15 })),
      ).toBe('not_found');
      expect(await connector.getBooking(randomUUID())).toBeNull();
      expect(await failureCode(connector.availability(ref(), { from: '2026-02-30', to: '2026-03-01' }))).toBe('rejected');
      expect(await failureCode(connector.confirm(randomUUID(), { resellerReference: 'TD-0', contact: CONTACT }))).toBe('not_found');
    });
  });
}
