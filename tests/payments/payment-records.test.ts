/**
 * The payment store's contract, on both shared stores (an SQLite file and PostgreSQL): claims are won by
 * one of two replicas, leases are compared on the store's clock and renewed, an order belongs to one
 * transaction, every ending is a compare-and-set, and a PAID transaction's order number is written once.
 * Then files written by older versions: they gain their later columns when opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPaymentStore, type NewPayment, type PaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';
import { newPayment } from './carts.ts';
import { PAYMENTS_BEFORE_ORDER_NUMBERS } from './old-files.ts';

const PAID_REPLY = { status: 'OK', redirectUrl: 'http://127.0.0.1:4321/paid' } as const;
const MINUTE = 60_000;

let codes = 0;
function payment(): NewPayment {
  codes += 1;
  return newPayment(`C${String(codes).padStart(39, '0')}`, codes);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BOTH_STORES)('the payment store on %s', (_name, make) => {
  let test: TestStore;
  /** This replica's view, and another replica's (a second connection to the same store). */
  let store: PaymentStore;
  let other: PaymentStore;
  beforeEach(() => {
    test = make();
    store = openPaymentStore(test.store);
    other = openPaymentStore(test.open());
  });
  afterEach(() => test.dispose());

  async function registered(): Promise<string> {
    const fresh = payment();
    await store.insert(fresh);
    return fresh.code;
  }

  /** A transaction claimed and its order recorded: PLACING with order `orderId`. */
  async function placing(orderId: number): Promise<string> {
    const code = await registered();
    expect(await store.claim(code, MINUTE, 'OK')).toBe(true);
    expect(await store.recordOrder(code, orderId)).toBe(true);
    return code;
  }

  it('keeps a registered transaction as it was given, for every replica to read', async () => {
    const fresh = payment();
    await store.insert(fresh);
    expect(await other.get(fresh.code)).toMatchObject({
      ...fresh,
      state: 'REGISTERED',
      customerToken: null,
      orderId: null,
      reply: null,
      leaseUntil: null,
    });
    expect(await other.get(`C${'z'.repeat(39)}`)).toBeUndefined();
  });

  describe('claims', () => {
    it('of two replicas claiming at once, exactly one wins', async () => {
      const code = await registered();
      const won = await Promise.all([store.claim(code, MINUTE, 'OK'), other.claim(code, MINUTE, 'OK')]);
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await store.get(code)).toMatchObject({ state: 'PLACING', authorisedStatus: 'OK' });
    });

    it('hold for the lease on the store’s clock, whatever the replica’s clock says', async () => {
      const code = await registered();
      expect(await store.claim(code, MINUTE, 'OK')).toBe(true);
      const [clock] = await test.store.query<{ now: number }>(`SELECT ${test.store.clock} AS now`);
      const leaseUntil = (await store.get(code))?.leaseUntil ?? 0;
      expect(Math.abs(leaseUntil - ((clock?.now ?? 0) + MINUTE))).toBeLessThan(5_000);
      // A replica whose clock runs an hour fast still sees the claim held.
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60 * MINUTE);
      try {
        expect(await other.claim(code, MINUTE, 'OK')).toBe(false);
        expect(await other.abandoned()).toEqual([]);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('are taken over once their lease ran out, and listed as abandoned until then', async () => {
      const code = await registered();
      const held = await registered();
      expect(await store.claim(code, 100, 'OK')).toBe(true);
      expect(await store.claim(held, MINUTE, 'OK')).toBe(true);
      expect(await other.claim(code, MINUTE, 'OK')).toBe(false);
      await sleep(150);
      expect((await other.abandoned()).map((record) => record.code)).toEqual([code]);
      expect(await other.claim(code, MINUTE, 'OK REPEATED')).toBe(true);
      expect(await store.get(code)).toMatchObject({ state: 'PLACING', authorisedStatus: 'OK REPEATED' });
      expect(await other.abandoned()).toEqual([]);
    });

    it('renewed, are not taken over; a renewal stops working once the transaction ended', async () => {
      const code = await registered();
      expect(await store.claim(code, 200, 'OK')).toBe(true);
      for (let i = 0; i < 4; i++) {
        await sleep(100);
        expect(await store.renew(code, 200)).toBe(true);
      }
      expect(await other.claim(code, MINUTE, 'OK')).toBe(false);
      expect(await other.abandoned()).toEqual([]);
      expect(
        await store.finish(code, ['PLACING'], { state: 'PAID', providerStatus: 'OK', reply: PAID_REPLY }),
      ).toBe(true);
      expect(await store.renew(code, 200)).toBe(false);
      expect(await store.renew(`C${'z'.repeat(39)}`, 200)).toBe(false);
    });

    it('are refused for a transaction that ended', async () => {
      const code = await placing(7);
      await store.finish(code, ['PLACING'], { state: 'PAID', providerStatus: 'OK', reply: PAID_REPLY });
      expect(await other.claim(code, -1_000, 'OK')).toBe(false);
    });
  });

  it('records an order for one transaction only', async () => {
    const first = await placing(501);
    const second = await registered();
    expect(await other.claim(second, MINUTE, 'OK')).toBe(true);
    expect(await other.recordOrder(second, 501)).toBe(false);
    expect(await other.codeOfOrder(501)).toBe(first);
    expect(await other.codeOfOrder(502)).toBeUndefined();
    // Only while PLACING.
    expect(await store.recordOrder(await registered(), 503)).toBe(false);
  });

  it('ends a transaction once, from the states the event allows', async () => {
    const code = await placing(601);
    const failed = {
      state: 'FAILED',
      providerStatus: 'OK',
      reply: { status: 'INVALID', redirectUrl: 'http://127.0.0.1:4321/failed-payment' },
      failure: 'late',
    } as const;
    expect(await other.finish(code, ['REGISTERED'], failed)).toBe(false);
    const ends = await Promise.all([
      store.finish(code, ['PLACING'], {
        state: 'PAID',
        providerStatus: 'OK',
        reply: PAID_REPLY,
        orderId: 601,
      }),
      other.finish(code, ['PLACING'], failed),
    ]);
    expect(ends.filter(Boolean)).toHaveLength(1);
    const ended = await store.get(code);
    expect(ended?.state).toBe(ends[0] ? 'PAID' : 'FAILED');
    expect(ended).toMatchObject({ leaseUntil: null, orderId: 601 });
  });

  describe('the order number', () => {
    it('is kept when the transaction ends PAID with it', async () => {
      const code = await placing(101);
      expect((await store.get(code))?.orderNumber).toBeNull();
      expect(
        await store.finish(code, ['PLACING'], {
          state: 'PAID',
          providerStatus: 'OK',
          reply: PAID_REPLY,
          orderId: 101,
          orderNumber: '000000101',
        }),
      ).toBe(true);
      expect(await store.get(code)).toMatchObject({ state: 'PAID', orderId: 101, orderNumber: '000000101' });
    });

    it('can be written later, once, for a PAID transaction only', async () => {
      const code = await placing(102);
      // Not yet PAID: nothing is written.
      expect(await store.recordOrderNumber(code, '000000102')).toBe(false);
      await store.finish(code, ['PLACING'], {
        state: 'PAID',
        providerStatus: 'OK',
        reply: PAID_REPLY,
        orderId: 102,
      });
      expect((await store.get(code))?.orderNumber).toBeNull();
      expect(await store.recordOrderNumber(code, '000000102')).toBe(true);
      // The first number stays.
      expect(await other.recordOrderNumber(code, '999999999')).toBe(false);
      expect((await store.get(code))?.orderNumber).toBe('000000102');
      expect(await store.recordOrderNumber(`C${'z'.repeat(39)}`, '000000103')).toBe(false);
    });

    it('is never written for a FAILED transaction', async () => {
      const code = await placing(104);
      await store.finish(code, ['PLACING'], {
        state: 'FAILED',
        providerStatus: 'OK',
        reply: { status: 'INVALID', redirectUrl: 'http://127.0.0.1:4321/failed-payment' },
        orderId: 104,
        failure: 'order total differs from the amount',
      });
      expect(await store.recordOrderNumber(code, '000000104')).toBe(false);
      expect((await store.get(code))?.orderNumber).toBeNull();
    });

    it('keeps its leading zeros', async () => {
      const code = await placing(7);
      await store.finish(code, ['PLACING'], {
        state: 'PAID',
        providerStatus: 'OK',
        reply: PAID_REPLY,
        orderNumber: '000000007',
      });
      expect((await store.get(code))?.orderNumber).toBe('000000007');
    });
  });
});

describe('a payments file written before order numbers', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'payments-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gains the column on opening; its rows read with no number, and a number can then be kept', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec(PAYMENTS_BEFORE_ORDER_NUMBERS);
    const code = `P${'1'.repeat(39)}`;
    old
      .prepare(
        `INSERT INTO payments VALUES (?, 'opayo-server', '{X}', 'KEY', 1000, 'GBP', 'guest', NULL, NULL,
          'a@example.com', 9, 'SKU×1', 'PAID', 'OK', 55, NULL, ?, NULL, 'OK',
          '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      )
      .run(code, JSON.stringify(PAID_REPLY));
    old.close();

    const opened = openSqliteStore(file);
    try {
      const payments = openPaymentStore(opened);
      expect(await payments.get(code)).toMatchObject({ state: 'PAID', orderId: 55, orderNumber: null });
      expect(await payments.recordOrderNumber(code, '000000055')).toBe(true);
      expect((await payments.get(code))?.orderNumber).toBe('000000055');
    } finally {
      await opened.close();
    }
    // Opening it again changes nothing more.
    const again = openSqliteStore(file);
    try {
      expect((await openPaymentStore(again).get(code))?.orderNumber).toBe('000000055');
    } finally {
      await again.close();
    }
  });
});
