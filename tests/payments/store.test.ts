/**
 * The payment store's order number (issue 14): kept with a PAID transaction only, written once, and
 * added to payments files written before it existed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPaymentStore, type NewPayment, type PaymentStore } from '../../src/payments/store.ts';
import { PAYMENTS_BEFORE_ORDER_NUMBERS } from './old-files.ts';

let dir: string;
let store: PaymentStore;
let codes = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'payments-store-'));
  store = openPaymentStore(join(dir, 'payments.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const PAID_REPLY = { status: 'OK', redirectUrl: 'http://127.0.0.1:4321/paid' } as const;

function payment(): NewPayment {
  const code = `C${String(++codes).padStart(39, '0')}`;
  return {
    code,
    provider: 'opayo-server',
    providerRef: '{TX}',
    secret: 'KEY',
    amountPence: 1250,
    currency: 'GBP',
    cartKind: 'guest',
    guestCart: 'masked',
    email: 'a@example.com',
    cartId: codes,
    cartLines: 'SKU×1',
  };
}

/** A transaction claimed and its order recorded: PLACING with order `orderId`. */
function placing(orderId: number): string {
  const fresh = payment();
  const { code } = fresh;
  store.insert(fresh);
  expect(store.claim(code, Date.now(), Date.now() + 60_000, 'OK')).toBe(true);
  expect(store.recordOrder(code, orderId)).toBe(true);
  return code;
}

describe('the order number', () => {
  it('is kept when the transaction ends PAID with it', () => {
    const code = placing(101);
    expect(store.get(code)?.orderNumber).toBeNull();
    expect(
      store.finish(code, ['PLACING'], {
        state: 'PAID',
        providerStatus: 'OK',
        reply: PAID_REPLY,
        orderId: 101,
        orderNumber: '000000101',
      }),
    ).toBe(true);
    expect(store.get(code)).toMatchObject({ state: 'PAID', orderId: 101, orderNumber: '000000101' });
  });

  it('can be written later, once, for a PAID transaction only', () => {
    const code = placing(102);
    // Not yet PAID: nothing is written.
    expect(store.recordOrderNumber(code, '000000102')).toBe(false);
    store.finish(code, ['PLACING'], { state: 'PAID', providerStatus: 'OK', reply: PAID_REPLY, orderId: 102 });
    expect(store.get(code)?.orderNumber).toBeNull();
    expect(store.recordOrderNumber(code, '000000102')).toBe(true);
    // The first number stays.
    expect(store.recordOrderNumber(code, '999999999')).toBe(false);
    expect(store.get(code)?.orderNumber).toBe('000000102');
    expect(store.recordOrderNumber(`C${'z'.repeat(39)}`, '000000103')).toBe(false);
  });

  it('is never written for a FAILED transaction', () => {
    const code = placing(104);
    store.finish(code, ['PLACING'], {
      state: 'FAILED',
      providerStatus: 'OK',
      reply: { status: 'INVALID', redirectUrl: 'http://127.0.0.1:4321/failed-payment' },
      orderId: 104,
      failure: 'order total differs from the amount',
    });
    expect(store.recordOrderNumber(code, '000000104')).toBe(false);
    expect(store.get(code)?.orderNumber).toBeNull();
  });

  it('keeps its leading zeros', () => {
    const code = placing(7);
    store.finish(code, ['PLACING'], {
      state: 'PAID',
      providerStatus: 'OK',
      reply: PAID_REPLY,
      orderNumber: '000000007',
    });
    expect(store.get(code)?.orderNumber).toBe('000000007');
  });
});

describe('a payments file written before order numbers', () => {
  it('gains the column on opening; its rows read with no number, and a number can then be kept', () => {
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

    const opened = openPaymentStore(file);
    try {
      expect(opened.get(code)).toMatchObject({ state: 'PAID', orderId: 55, orderNumber: null });
      expect(opened.recordOrderNumber(code, '000000055')).toBe(true);
      expect(opened.get(code)?.orderNumber).toBe('000000055');
    } finally {
      opened.close();
    }
    // Opening it again changes nothing more.
    const again = openPaymentStore(file);
    try {
      expect(again.get(code)?.orderNumber).toBe('000000055');
    } finally {
      again.close();
    }
  });
});
