/**
 * Tier prices in the cart, as Magento's `Type\Price::getFinalPrice($qty)` applies them
 * (COMMERCE-BASICS.md §4.3): a line's unit price is the product's price or its best tier for the line's
 * quantity and the quote's customer group (a guest NOT LOGGED IN, a customer their group) or ALL GROUPS;
 * reached or left as the quantity changes, taken up when a guest's cart becomes a customer's, and the base
 * the discounts and the order work from. Tiers on the test's own products are saved through the admin API
 * (`PUT /V1/products/:sku` with `tier_prices`); the configurable children's are the demo catalogue's
 * (DEMO_TIER_PRICES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_GROUPS,
  DEMO_CONFIGURABLES,
  DEMO_TIER_PRICES,
  GENERAL_GROUP,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  addLine,
  applyCode,
  customerCart,
  guestCart,
  makeProduct,
  placeAndRead,
  ship,
  totalsOf,
  type TestCart,
} from './checkout-helpers.ts';

const NOT_LOGGED_IN = 0;
const WHOLESALE = 2;

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

interface Tier {
  readonly group: number;
  readonly qty: number;
  readonly value?: number;
  readonly percent?: number;
}

/** The product's tier prices replaced through the admin API (`PUT /V1/products/:sku` with `tier_prices`). */
async function writeTiers(sku: string, tiers: readonly Tier[]): Promise<void> {
  const saved = await backend.call('PUT', `/rest/V1/products/${sku}`, {
    token: INTEGRATION_TOKEN,
    body: {
      product: {
        sku,
        tier_prices: tiers.map((tier) => ({
          customer_group_id: tier.group,
          qty: tier.qty,
          value: tier.value ?? 0,
          extension_attributes: {
            ...(tier.percent === undefined ? {} : { percentage_value: tier.percent }),
            website_id: 0,
          },
        })),
      },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** A product at `price` with `tiers`; its sku. */
async function tiered(price: number, tiers: readonly Tier[]): Promise<string> {
  const sku = await makeProduct(backend, price, 1);
  await writeTiers(sku, tiers);
  return sku;
}

const line = async (cart: TestCart) => {
  const items = (await cart.call('GET', '/items')).body as { item_id: number; price: number; qty: number }[];
  return items[0];
};

const totalsLine = async (cart: TestCart) => {
  const totals = await totalsOf(cart);
  return { totals, item: (totals.items as Record<string, number>[])[0] };
};

describe('a tier reached by quantity', () => {
  it('prices 4 at the list price and 5 at the tier, in the item, the totals and back again', async () => {
    const sku = await tiered(24.5, [{ group: ALL_GROUPS, qty: 5, value: 22.5 }]);
    const cart = await guestCart(backend, [[sku, 4]]);
    const first = await line(cart);
    expect(first?.price).toBe(24.5);
    expect((await totalsLine(cart)).item).toMatchObject({ price_incl_tax: 24.5, row_total_incl_tax: 98 });

    const itemId = first?.item_id ?? 0;
    const updated = await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty: 5 } });
    expect(updated.body).toMatchObject({ qty: 5, price: 22.5 });
    expect((await line(cart))?.price).toBe(22.5);
    const { totals, item } = await totalsLine(cart);
    // £112.50 incl VAT holds £18.75 VAT (a sixth): £93.75 excl, £18.75 a unit.
    expect(item).toMatchObject({
      price_incl_tax: 22.5,
      base_price_incl_tax: 22.5,
      row_total_incl_tax: 112.5,
      price: 18.75,
      row_total: 93.75,
    });
    expect(totals).toMatchObject({ subtotal_incl_tax: 112.5, subtotal: 93.75, base_grand_total: 112.5 });

    const back = await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty: 4 } });
    expect(back.body).toMatchObject({ qty: 4, price: 24.5 });
    expect((await totalsOf(cart)).subtotal_incl_tax).toBe(98);
  });

  it('reaches the tier by adding more to the line', async () => {
    const sku = await tiered(24.5, [{ group: ALL_GROUPS, qty: 5, value: 22.5 }]);
    const cart = await guestCart(backend, [[sku, 3]]);
    const added = await cart.call('POST', '/items', { cartItem: { sku, qty: 2 } });
    expect(added.body).toMatchObject({ qty: 5, price: 22.5 });
  });

  it('takes the best tier the quantity reaches, a percentage tier off the price', async () => {
    const sku = await tiered(40, [
      { group: ALL_GROUPS, qty: 3, percent: 25 },
      { group: ALL_GROUPS, qty: 10, value: 28 },
      { group: ALL_GROUPS, qty: 20, value: 31 },
    ]);
    const cart = await guestCart(backend, [[sku, 2]]);
    const itemId = (await line(cart))?.item_id ?? 0;
    const priceAt = async (qty: number) =>
      (await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty } })).body.price as number;
    expect(await priceAt(2)).toBe(40);
    expect(await priceAt(3)).toBe(30);
    expect(await priceAt(10)).toBe(28);
    // A later tier dearer than the one found does not replace it.
    expect(await priceAt(20)).toBe(28);
  });

  it("prices a configurable line by its child's tiers for the line's quantity", async () => {
    const floor = DEMO_CONFIGURABLES.find((family) => family.parentSku === 'PRO-DT-FLOORCLEAN');
    const litre = floor?.children.find((child) => child.valueLabel === '1 l');
    if (!floor || !litre) throw new Error('no Floor Cleaner 1 l in the demo catalogue');
    const tierAt = (qty: number) =>
      DEMO_TIER_PRICES.find((t) => t.sku === litre.sku && t.customerGroupId === ALL_GROUPS && t.qty === qty)
        ?.value;
    const cart = await guestCart(backend, []);
    const added = await cart.call('POST', '/items', {
      cartItem: {
        sku: floor.parentSku,
        qty: 3,
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: String(floor.attributeId), option_value: litre.valueId },
            ],
          },
        },
      },
    });
    expect(added.body).toMatchObject({ sku: litre.sku, price: litre.price });
    const itemId = added.body.item_id as number;
    const four = await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty: 4 } });
    expect(four.body.price).toBe(tierAt(4));
    const ten = await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty: 10 } });
    expect(ten.body.price).toBe(tierAt(10));
    expect((await totalsLine(cart)).item).toMatchObject({ price_incl_tax: tierAt(10), qty: 10 });
  });
});

describe("the quote's customer group", () => {
  it("gives a group's tier to that group only: NOT LOGGED IN to a guest, General to a customer", async () => {
    const sku = await tiered(24.5, [
      { group: NOT_LOGGED_IN, qty: 2, value: 23 },
      { group: GENERAL_GROUP, qty: 2, value: 22 },
      { group: WHOLESALE, qty: 1, value: 15 },
    ]);
    const guest = await guestCart(backend, [[sku, 2]]);
    expect((await line(guest))?.price).toBe(23);
    expect((await totalsLine(guest)).item?.['price_incl_tax']).toBe(23);

    const customer = await backend.newCustomer();
    const mine = await customerCart(backend, customer.token, [[sku, 2]]);
    expect((await line(mine))?.price).toBe(22);
    expect((await totalsLine(mine)).item?.['price_incl_tax']).toBe(22);

    const one = await customerCart(backend, (await backend.newCustomer()).token, [[sku, 1]]);
    expect((await line(one))?.price).toBe(24.5);
  });

  it("prices a guest's cart for the customer's group once it becomes theirs", async () => {
    const sku = await tiered(24.5, [{ group: GENERAL_GROUP, qty: 2, value: 22 }]);
    const guest = await guestCart(backend, [[sku, 2]]);
    expect((await line(guest))?.price).toBe(24.5);
    const customer = await backend.newCustomer();
    const assigned = await backend.call('PUT', guest.path, {
      token: customer.token,
      body: { customerId: customer.id, storeId: 1 },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const mine = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(mine.body.items[0]).toMatchObject({ sku, qty: 2, price: 22 });
    const totals = await backend.call('GET', '/rest/V1/carts/mine/totals', { token: customer.token });
    expect(totals.body).toMatchObject({ subtotal_incl_tax: 44 });
  });
});

describe('discounts and the order work from the tier price', () => {
  it('takes a percentage code off the tier price', async () => {
    const sku = await tiered(24.5, [{ group: ALL_GROUPS, qty: 5, value: 22.5 }]);
    const cart = await guestCart(backend, [[sku, 5]]);
    expect((await applyCode(cart, 'WELCOME10')).status).toBe(200);
    const { totals, item } = await totalsLine(cart);
    expect(item).toMatchObject({ price_incl_tax: 22.5, row_total_incl_tax: 112.5, discount_amount: 11.25 });
    expect(totals).toMatchObject({
      subtotal_incl_tax: 112.5,
      discount_amount: -11.25,
      base_grand_total: 101.25,
    });
  });

  it('orders the line at the tier price', async () => {
    const sku = await tiered(24.5, [{ group: ALL_GROUPS, qty: 5, value: 22.5 }]);
    const cart = await guestCart(backend, []);
    await addLine(cart, sku, 6);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const order = await placeAndRead(backend, cart);
    expect(order.items).toHaveLength(1);
    // At the tier price incl VAT, the order keeping its amounts excl VAT beside.
    expect(order.items[0]).toMatchObject({
      sku,
      price_incl_tax: 22.5,
      qty_ordered: 6,
      row_total_incl_tax: 135,
    });
    expect(order.subtotal_incl_tax).toBe(135);
  });
});
