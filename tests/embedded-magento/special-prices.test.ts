/**
 * Special prices as Magento's runtime pricing applies them (COMMERCE-BASICS.md §5.2), by the store's clock
 * (injected: nobody waits for midnight): from 00:00:00 London time on the from-date, through the end of the
 * to-date (Magento adds a day: it still applies at 00:00:00 the day after, not at 00:00:01), summer time
 * included; never above the regular price; the lowest of price, tier and special price. The cart's lines,
 * its totals and the placed order charge it; `GET /V1/products-render-info` shows it as the final price.
 * A product save stores the special price and its dates as Magento gives them back, and the demo catalogue
 * has a sale on now and one starting tomorrow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { demoChild, demoFamily } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { DEMO_SPECIAL_PRICES, demoSaleDates } from '@cleaning-shop/embedded-magento/seed/special-prices.ts';
import { checkoutSettings } from '@cleaning-shop/embedded-magento/server.ts';
import { storeToday } from '@cleaning-shop/embedded-magento/store-view.ts';
import { INTEGRATION_TOKEN, startTestBackend, testConfig, type TestBackend } from '../support/backend.ts';
import {
  addLine,
  customerCart,
  guestCart,
  makeProduct,
  placeAndRead,
  ship,
  totalsOf,
} from './checkout-helpers.ts';

/** The instant the database is seeded: 10:00 on 10 March 2026 in London (GMT). */
const SEEDED_AT = '2026-03-10T10:00:00.000Z';
const clock = manualClock(SEEDED_AT);
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ clock });
});
afterAll(() => backend.stop());

/** The product's special price and dates through `PUT /V1/products/:sku`; null or '' removes one. */
async function setSpecial(
  sku: string,
  price: number | string | null,
  from: string | null,
  to: string | null,
): Promise<Record<string, unknown>> {
  const reply = await backend.call('PUT', `/rest/V1/products/${sku}`, {
    token: INTEGRATION_TOKEN,
    body: {
      product: {
        custom_attributes: [
          { attribute_code: 'special_price', value: price ?? '' },
          { attribute_code: 'special_from_date', value: from ?? '' },
          { attribute_code: 'special_to_date', value: to ?? '' },
        ],
      },
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return customAttributes(reply.body);
}

const customAttributes = (product: { custom_attributes: { attribute_code: string; value: unknown }[] }) =>
  Object.fromEntries(product.custom_attributes.map((entry) => [entry.attribute_code, entry.value]));

/** The unit price incl VAT a fresh guest cart charges for one of `sku`, now by the store's clock. */
async function cartPrice(sku: string): Promise<number> {
  const cart = await guestCart(backend, [[sku, 1]]);
  return (await totalsOf(cart)).items[0].price_incl_tax as number;
}

const filterBy = (field: string, value: string | number, condition = 'eq') =>
  `searchCriteria[filterGroups][0][filters][0][field]=${field}` +
  `&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(String(value))}` +
  `&searchCriteria[filterGroups][0][filters][0][conditionType]=${condition}`;

/** `products-render-info`'s final price for a guest, now. */
async function finalPrice(sku: string): Promise<number> {
  const reply = await backend.call(
    'GET',
    `/rest/V1/products-render-info?${filterBy('sku', sku)}&storeId=1&currencyCode=GBP`,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.items).toHaveLength(1);
  return reply.body.items[0].price_info.final_price as number;
}

describe('a special price with dates, in winter (London = UTC)', () => {
  let sku: string;
  beforeAll(async () => {
    sku = await makeProduct(backend, 100, 2);
    await setSpecial(sku, 80, '2026-12-01 00:00:00', '2026-12-02 00:00:00');
  });

  it('applies from the first second of the from-date, not the second before', async () => {
    clock.set('2026-11-30T23:59:59.999Z');
    expect(await cartPrice(sku)).toBe(100);
    expect(await finalPrice(sku)).toBe(100);
    clock.set('2026-12-01T00:00:00.000Z');
    expect(await cartPrice(sku)).toBe(80);
    expect(await finalPrice(sku)).toBe(80);
  });

  it('lasts through the to-date: still at 00:00:00 the day after, gone at 00:00:01', async () => {
    clock.set('2026-12-02T23:59:59.000Z');
    expect(await cartPrice(sku)).toBe(80);
    // Whole seconds: 00:00:00.999 is still 00:00:00 on the store's clock.
    clock.set('2026-12-03T00:00:00.999Z');
    expect(await cartPrice(sku)).toBe(80);
    expect(await finalPrice(sku)).toBe(80);
    clock.set('2026-12-03T00:00:01.000Z');
    expect(await cartPrice(sku)).toBe(100);
    expect(await finalPrice(sku)).toBe(100);
  });
});

describe('in summer time (London = UTC+1)', () => {
  let sku: string;
  beforeAll(async () => {
    sku = await makeProduct(backend, 50, 1);
    await setSpecial(sku, 45, '2026-06-01 00:00:00', '2026-06-30 00:00:00');
  });

  it('starts at midnight London time, 23:00 UTC the day before', async () => {
    clock.set('2026-05-31T22:59:59.000Z');
    expect(await cartPrice(sku)).toBe(50);
    clock.set('2026-05-31T23:00:00.000Z');
    expect(await cartPrice(sku)).toBe(45);
    expect(await finalPrice(sku)).toBe(45);
  });

  it('ends after 00:00:00 London time on the day after its to-date', async () => {
    clock.set('2026-06-30T23:00:00.000Z');
    expect(await cartPrice(sku)).toBe(45);
    clock.set('2026-06-30T23:00:01.000Z');
    expect(await cartPrice(sku)).toBe(50);
    expect(await finalPrice(sku)).toBe(50);
  });

  it('without a to-date goes on, and without a from-date applies at once', async () => {
    const open = await makeProduct(backend, 20, 1);
    await setSpecial(open, 15, '2026-06-01 00:00:00', null);
    clock.set('2031-01-01T00:00:00.000Z');
    expect(await cartPrice(open)).toBe(15);
    await setSpecial(open, 12, null, '2031-01-01 00:00:00');
    clock.set('2020-01-01T00:00:00.000Z');
    expect(await cartPrice(open)).toBe(12);
  });
});

describe('which price wins', () => {
  it('never raises the price: a special price above the regular one is ignored', async () => {
    const sku = await makeProduct(backend, 40, 1);
    await setSpecial(sku, 60, null, null);
    clock.set('2026-06-01T12:00:00.000Z');
    expect(await cartPrice(sku)).toBe(40);
    expect(await finalPrice(sku)).toBe(40);
  });

  it('takes the lowest of the price, the tier price and the special price', async () => {
    const sku = await makeProduct(backend, 100, 1);
    const tiers = await backend.call('PUT', `/rest/V1/products/${sku}`, {
      token: INTEGRATION_TOKEN,
      body: { product: { tier_prices: [{ customer_group_id: 32000, qty: 5, value: 70 }] } },
    });
    expect(tiers.status).toBe(200);
    await setSpecial(sku, 85, null, null);
    clock.set('2026-06-01T12:00:00.000Z');
    const cart = await guestCart(backend, [[sku, 1]]);
    const line = (await totalsOf(cart)).items[0];
    expect(line.price_incl_tax).toBe(85);
    expect(await finalPrice(sku)).toBe(85);
    await cart.call('PUT', `/items/${line.item_id}`, { cartItem: { qty: 5 } });
    expect((await totalsOf(cart)).items[0].price_incl_tax).toBe(70);
    // A special price below the tier wins at every quantity.
    await setSpecial(sku, 65, null, null);
    expect((await totalsOf(cart)).items[0].price_incl_tax).toBe(65);
  });

  it('applies to every customer group, a signed-in customer’s included', async () => {
    const sku = await makeProduct(backend, 60, 1);
    await setSpecial(sku, 48.5, null, null);
    const { token } = await backend.newCustomer();
    const cart = await customerCart(backend, token, [[sku, 2]]);
    expect((await totalsOf(cart)).items[0].price_incl_tax).toBe(48.5);
    expect((await totalsOf(cart)).subtotal_incl_tax).toBe(97);
  });

  it('removed, leaves the regular price', async () => {
    const sku = await makeProduct(backend, 30, 1);
    await setSpecial(sku, 20, null, null);
    expect(await cartPrice(sku)).toBe(20);
    await setSpecial(sku, null, null, null);
    expect(await cartPrice(sku)).toBe(30);
  });
});

describe('the cart and the order', () => {
  it('charges a line added before the sale the sale price once it starts, and the order keeps it', async () => {
    const sku = await makeProduct(backend, 30, 1);
    await setSpecial(sku, 24.5, '2026-07-01 00:00:00', '2026-07-31 00:00:00');
    clock.set('2026-06-30T22:00:00.000Z');
    const cart = await guestCart(backend, []);
    await addLine(cart, sku, 2);
    const before = await totalsOf(cart);
    expect(before.items[0].price_incl_tax).toBe(30);
    expect(before.subtotal_incl_tax).toBe(60);
    // Midnight in London (BST): nothing is saved, the next collection charges the sale price.
    clock.set('2026-06-30T23:00:00.000Z');
    const after = await totalsOf(cart);
    expect(after.items[0].price_incl_tax).toBe(24.5);
    expect(after.items[0].row_total_incl_tax).toBe(49);
    expect(after.subtotal_incl_tax).toBe(49);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const shipped = await totalsOf(cart);
    expect(shipped.base_grand_total).toBe(49 + (shipped.shipping_incl_tax as number));
    const order = await placeAndRead(backend, cart);
    // The order keeps the sale price incl VAT beside its amount excl VAT.
    expect(order.items[0].price_incl_tax).toBe(24.5);
    expect(order.subtotal_incl_tax).toBe(49);
    expect(order.grand_total).toBe(shipped.base_grand_total);
  });

  it('shows a line at today’s price when the cart is read, as its totals charge it', async () => {
    const sku = await makeProduct(backend, 40, 1);
    await setSpecial(sku, 32, '2026-08-01 00:00:00', '2026-08-01 00:00:00');
    clock.set('2026-08-01T09:00:00.000Z');
    const cart = await guestCart(backend, [[sku, 1]]);
    const line = async () => (await cart.call('GET', '')).body.items[0].price as number;
    expect(await line()).toBe(32);
    // The sale ended at 00:00:01 on 2 August (London): the cart's line and its item list say so.
    clock.set('2026-08-02T00:00:01.000Z');
    expect(await line()).toBe(40);
    expect((await cart.call('GET', '/items')).body[0].price).toBe(40);
  });

  it('prices a configurable line by its child’s special price', async () => {
    const kit = demoFamily('HG-SC-SC3KIT');
    const home = demoChild(kit, 'Home kit');
    await setSpecial(home.sku, 159.99, null, null);
    const cart = await guestCart(backend, []);
    const added = await cart.call('POST', '/items', {
      cartItem: {
        sku: kit.parentSku,
        qty: 1,
        product_option: {
          extension_attributes: {
            configurable_item_options: [{ option_id: String(kit.attributeId), option_value: home.valueId }],
          },
        },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.price).toBe(159.99);
    expect((await totalsOf(cart)).subtotal_incl_tax).toBe(159.99);
    await setSpecial(home.sku, null, null, null);
  });
});

describe('a special price saved with the product', () => {
  it('reads back as Magento stores it: a six-decimal price and full datetimes', async () => {
    const sku = await makeProduct(backend, 25, 1);
    const saved = await setSpecial(sku, 19.99, '2026-06-01', '2026-06-30 00:00:00');
    expect(saved).toMatchObject({
      special_price: '19.990000',
      special_from_date: '2026-06-01 00:00:00',
      special_to_date: '2026-06-30 00:00:00',
    });
    const read = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
    expect(customAttributes(read.body)).toMatchObject(saved);
    // The product's own price stays the base price.
    expect(read.body.price).toBe(25);
  });

  it('is removed by an empty value, with its dates', async () => {
    const sku = await makeProduct(backend, 25, 1);
    await setSpecial(sku, '18.5', '2026-06-01 00:00:00', null);
    const cleared = await setSpecial(sku, null, null, null);
    expect(cleared).not.toHaveProperty('special_price');
    expect(cleared).not.toHaveProperty('special_from_date');
    expect(cleared).not.toHaveProperty('special_to_date');
  });
});

describe('the demo catalogue’s sales', () => {
  const seedDay = storeToday('Europe/London', new Date(SEEDED_AT));
  const [current, tomorrow] = DEMO_SPECIAL_PRICES;
  if (!current || !tomorrow) throw new Error('the demo has two sales');

  const information = async (sku: string) =>
    (
      await backend.call('POST', '/rest/V1/products/special-price-information', {
        token: INTEGRATION_TOKEN,
        body: { skus: [sku] },
      })
    ).body;

  it('has one sale on from the seed day for three weeks, and one starting the next day', async () => {
    expect(demoSaleDates(current, seedDay)).toEqual({
      from: '2026-03-10 00:00:00',
      to: '2026-03-31 00:00:00',
    });
    expect(demoSaleDates(tomorrow, seedDay)).toEqual({
      from: '2026-03-11 00:00:00',
      to: '2026-03-24 00:00:00',
    });
    for (const sale of [current, tomorrow]) {
      const dates = demoSaleDates(sale, seedDay);
      expect(await information(sale.sku)).toEqual([
        { price: sale.price, store_id: 0, sku: sale.sku, price_from: dates.from, price_to: dates.to },
      ]);
    }
  });

  it('charges the current sale now and the next one from midnight', async () => {
    clock.set('2026-03-10T23:59:59.000Z');
    expect(await cartPrice(current.sku)).toBe(current.price);
    const regular = demoChild(demoFamily('PRO-VC-NT30KIT'), 'Standard').price;
    expect(await cartPrice(tomorrow.sku)).toBe(regular);
    clock.set('2026-03-11T00:00:00.000Z');
    expect(await cartPrice(tomorrow.sku)).toBe(tomorrow.price);
    // The pressure washer family's "from" price is its cheapest child's, on sale.
    expect(await finalPrice('HG-PW-K5KIT')).toBe(current.price);
  });
});

describe('the store’s time zone', () => {
  it('stops start-up, named, when it is no time zone', () => {
    expect(() => checkoutSettings(testConfig('/nonexistent', { timezone: 'Europe/Londn' }))).toThrow(
      'The embedded back end\'s timezone "Europe/Londn" is no IANA time zone: use one such as Europe/London.',
    );
  });
});
