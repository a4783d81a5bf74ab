/**
 * Card transactions recorded before they had an owner (found by e-mail address until issue 50) are linked
 * to the account Magento names for them, on both shared stores, against a real embedded back end: the
 * order's customer, else the quote's; a deleted customer's become nobody's; a guest's are left as they
 * are; a second run finds nothing to do.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerPayments } from '../../src/payments/customer-records.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import { assignOwners, ownersInMagento } from '../../src/payments/record-owners.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { placeTestOrder } from '../support/orders.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

let backend: TestBackend;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  sku = (await pickProduct(backend, 50)).sku;
});
afterAll(() => backend.stop());

/** A customer's order; its entity id and Magento's quote id. */
async function orderOf(token: string): Promise<{ orderId: number; quoteId: number }> {
  const placed = await placeTestOrder(backend, { token, lines: [{ sku, qty: 1 }] });
  const order = await backend.call('GET', `/rest/V1/orders/${placed.id}`, { token: INTEGRATION_TOKEN });
  return { orderId: placed.id, quoteId: Number(order.body.quote_id) };
}

describe.each(BOTH_STORES)('on %s', (_name, makeStore) => {
  let stores: TestStore;
  beforeEach(() => {
    stores = makeStore();
  });
  afterEach(() => stores.dispose());

  /** A row as the bridge wrote it before issue 50: no customer id. */
  async function olderRow(
    email: string,
    cart: { quoteId: number; orderId?: number },
    kind: 'customer' | 'guest' = 'customer',
  ) {
    const code = `T${Math.random().toString(36).slice(2, 12)}`;
    await openPaymentStore(stores.store).insert({
      ...{
        code,
        provider: 'opayo-server',
        method: 'card',
        providerRef: '{X}',
        providerData: 'KEY',
        amountPence: 999,
      },
      ...{ currency: 'GBP', cartKind: kind, guestCart: null, email, customerId: null },
      ...{ cartId: cart.quoteId, cartLines: `${sku}×1` },
    });
    if (cart.orderId !== undefined)
      await stores.store.run('UPDATE payments SET order_id = ? WHERE code = ?', [cart.orderId, code]);
    return code;
  }

  it("links each to its account, a deleted customer's to none, and leaves guests' alone", async () => {
    const kept = await backend.newCustomer();
    const paid = await olderRow(kept.email, await orderOf(kept.token));
    // A transaction that came to nothing: no order, only the quote names the customer.
    const { quoteId } = await orderOf(kept.token);
    const failed = await olderRow(kept.email, { quoteId });
    const gone = await backend.newCustomer();
    const goneRow = await olderRow(gone.email, await orderOf(gone.token));
    const guest = await olderRow('guest@example.com', { quoteId }, 'guest');
    const deleted = await backend.call('DELETE', `/rest/V1/customers/${gone.id}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(deleted.status).toBe(200);

    const magento = ownersInMagento({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    expect(await assignOwners(stores.store, magento)).toEqual({ assigned: 2, anonymised: 1 });

    const payments = customerPayments(stores.store);
    expect((await payments.of(kept.id)).map((p) => p.reference).sort()).toEqual([paid, failed].sort());
    expect(await payments.of(gone.id)).toEqual([]);
    const records = openPaymentStore(stores.store);
    expect(await records.get(goneRow)).toMatchObject({ customerId: null, email: '' });
    expect(await records.get(guest)).toMatchObject({ customerId: null, email: 'guest@example.com' });
    expect(await assignOwners(stores.store, magento)).toEqual({ assigned: 0, anonymised: 0 });
  });

  it('gives a table from before the owners their column, its rows unowned until linked', async () => {
    await stores.store.run(`CREATE TABLE payments (
      code TEXT PRIMARY KEY, provider TEXT NOT NULL, provider_ref TEXT NOT NULL, secret TEXT NOT NULL,
      amount_pence INTEGER NOT NULL, currency TEXT NOT NULL, cart_kind TEXT NOT NULL, guest_cart TEXT,
      customer_token TEXT, email TEXT NOT NULL, cart_id INTEGER NOT NULL, cart_lines TEXT NOT NULL,
      state TEXT NOT NULL, provider_status TEXT, order_id INTEGER, order_number TEXT, failure TEXT, reply TEXT,
      lease_until BIGINT, authorised_status TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    const owner = await backend.newCustomer();
    const code = await olderRow(owner.email, await orderOf(owner.token));
    expect(await customerPayments(stores.store).of(owner.id)).toEqual([]);
    await assignOwners(stores.store, ownersInMagento({ baseUrl: backend.url, token: INTEGRATION_TOKEN }));
    expect((await customerPayments(stores.store).of(owner.id)).map((p) => p.reference)).toEqual([code]);
  });
});
