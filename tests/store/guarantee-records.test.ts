/**
 * Guarantee registrations in the shared store, on SQLite and PostgreSQL alike: kept per customer, a serial
 * once per model across every customer (the same customer's second submit answers the first), the receipt
 * noted by type and size, and every registration of a customer gone with their account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guaranteeRecords,
  type GuaranteeRecords,
  type NewRegistration,
} from '../../src/features/guarantee/registrations.server.ts';
import { modelKey } from '../../src/features/guarantee/rules.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

const registration = (customerId: number, serial: string, model = 'K 5'): NewRegistration => ({
  customerId,
  sku: 'HG-PW-00001',
  model,
  productName: 'K 5 Pressure Washer',
  audience: 'home-garden',
  serial,
  purchasedOn: '2026-11-01',
  deliveredOn: '2026-11-03',
  registeredOn: '2026-11-20',
  orderNumber: null,
  standardYears: 2,
  extraYears: 1,
  endsOn: '2029-11-02',
  noExtraYear: null,
  registerBy: '2026-12-03',
  receipt: { type: 'image/jpeg', content: new Uint8Array([0xff, 0xd8, 0xff, 1]) },
});

describe.each(BOTH_STORES)('guarantee registrations on %s', (_name, open) => {
  let test: TestStore;
  let records: GuaranteeRecords;
  beforeAll(() => {
    test = open();
    records = guaranteeRecords(test.store, modelKey);
  });
  afterAll(() => test.dispose());

  it('keeps a serial once per model: the same customer’s second submit answers the first, another customer’s is refused', async () => {
    const first = await records.register(registration(1, '012345'));
    expect(first.outcome).toBe('registered');
    if (first.outcome === 'taken') return;
    expect(first.registration).toMatchObject({
      customerId: 1,
      serial: '012345',
      receipt: { type: 'image/jpeg', bytes: 4 },
    });
    const again = await records.register(registration(1, '012345'));
    expect(again).toEqual({ outcome: 'already', registration: first.registration });
    expect(await records.register(registration(2, '012345', 'k5'))).toEqual({ outcome: 'taken' });
    expect((await records.register(registration(2, '012345', 'WD 3'))).outcome).toBe('registered');
    expect(await records.of(1)).toEqual([first.registration]);
  });

  it('finds a certificate only among its customer’s, and forgets a customer’s registrations', async () => {
    const made = await records.register(registration(3, '543210'));
    if (made.outcome === 'taken') throw new Error('taken');
    const { certificate } = made.registration;
    expect(await records.one(3, certificate)).toEqual(made.registration);
    expect(await records.one(4, certificate)).toBeUndefined();
    await records.forget(3);
    expect(await records.of(3)).toEqual([]);
    expect((await records.register(registration(4, '543210'))).outcome).toBe('registered');
  });
});
