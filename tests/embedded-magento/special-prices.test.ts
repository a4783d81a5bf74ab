/**
 * Special prices as Magento's runtime pricing applies them (COMMERCE-BASICS.md §5.2), by the store's clock
 * (injected: nobody waits for midnight): from 00:00:00 London time on the from-date, through the end of the
 * to-date (Magento adds a day: it still applies at 00:00:00 the day after, not at 00:00:01), summer time
 * included; never above the regular price; the lowest of price, tier and special. The cart's lines, its
 * totals and the placed order charge it; `GET /V1/products-render-info` shows it as the final price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/config/clock.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { addLine, guestCart, makeProduct, placeAndRead, ship, totalsOf } from './checkout-helpers.ts';

const clock = manualClock('2026-06-01T12:00:00.000Z');
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ clock });
});
afterAll(() => backend.stop());

async function setSpecial(sku: string, price: number | null, from: string | null, to: string | null) {
  const custom = [
    { attribute_code: 'special_price', value: price === null ? '' : price.toFixed(2) },
    { attribute_code: 'special_from_date', value: from ?? '' },
    { attribute_code: 'special_to_date', value: to ?? '' },
  ];
  const reply = await backend.call('PUT', `/rest/V1/products/${sku}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { custom_attributes: custom } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** The unit price a fresh guest cart charges for one of `sku`, now by the store's clock. */
async function cartPrice(sku: string): Promise<number> {
  const cart = await guestCart(backend, [[sku, 1]]);
  const totals = await totalsOf(cart);
  return totals.items[0].price as number;
}

async function renderInfo(query: string) {
  return backend.call('GET', `/rest/V1/products-render-info?${query}`);
}

async function finalPrice(sku: string): Promise<number> {
  const id = (await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN })).body.id;
  const reply = await renderInfo(
    `searchCriteria[filterGroups][0][filters][0][field]=entity_id&searchCriteria[filterGroups][0][filters][0][value]=${id}&storeId=1&currencyCode=GBP`,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items[0].price_info.final_price as number;
}

describe('a special price with dates, in winter (London = UTC)', () => {
  let sku: string;
  beforeAll(async () => {
    sku = await makeProduct(backend, 100, 2);
    await setSpecial(sku, 80, '2026-12-01 00:00:00', '2026-12-02 00:00:00');
  });

  it('applies from the first second of the from-date', async () => {
    clock.set('2026-11-30T23:59:59.000Z');
    expect(await cartPrice(sku)).toBe(100);
    expect(await finalPrice(sku)).toBe(100);
    clock.set('2026-12-01T00:00:00.000Z');
    expect(await cartPrice(sku)).toBe(80);
    expect(await finalPrice(sku)).toBe(80);
  });

  it('lasts through the to-date: still at 00:00:00 the day after, gone at 00:00:01', async () => {
    clock.set('2026-12-02T23:59:59.000Z');
    expect(await cartPrice(sku)).toBe(80);
    clock.set('2026-12-03T00:00:00.999Z');
    expect(await cartPrice(sku)).toBe(80);
    clock.set('2026-12-03T00:00:01.000Z');
    expect(await cartPrice(sku)).toBe(100);
    expect(await finalPrice(sku)).toBe(100);
  });
});

describe('in summer time (London = UTC+1)', () => {
  it('starts at midnight London time, 23:00 UTC the day before', async () => {
    const sku = await makeProduct(backend, 50, 1);
    await setSpecial(sku, 45, '2027-06-01 00:00:00', null);
    clock.set('2027-05-31T22:59:59.000Z');
    expect(await cartPrice(sku)).toBe(50);
    clock.set('2027-05-31T23:00:00.000Z');
    expect(await cartPrice(sku)).toBe(45);
    // No to-date: it goes on.
    clock.set('2030-01-01T00:00:00.000Z');
    expect(await cartPrice(sku)).toBe(45);
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

  it('takes the lowest of the tier price and the special price', async () => {
    const sku = await makeProduct(backend, 100, 1);
    const tiers = await backend.call('PUT', `/rest/V1/products/${sku}`, {
      token: INTEGRATION_TOKEN,
      body: { product: { tier_prices: [{ customer_group_id: 32000, qty: 5, value: 70 }] } },
    });
    expect(tiers.status).toBe(200);
    await setSpecial(sku, 85, null, null);
    clock.set('2026-06-01T12:00:00.000Z');
    const cart = await guestCart(backend, [[sku, 1]]);
    expect((await totalsOf(cart)).items[0].price).toBe(85);
    await cart.call('PUT', `/items/${(await totalsOf(cart)).items[0].item_id}`, { cartItem: { qty: 5 } });
    expect((await totalsOf(cart)).items[0].price).toBe(70);
  });

  it('charges a line added before the sale the sale price once it starts, and the order keeps it', async () => {
    const sku = await makeProduct(backend, 30, 1);
    await setSpecial(sku, 24.5, '2026-07-01 00:00:00', '2026-07-31 00:00:00');
    clock.set('2026-06-30T22:00:00.000Z');
    const cart = await guestCart(backend, []);
    await addLine(cart, sku, 2);
    expect((await totalsOf(cart)).subtotal).toBe(60);
    clock.set('2026-06-30T23:00:00.000Z');
    expect((await totalsOf(cart)).subtotal).toBe(49);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const order = await placeAndRead(backend, cart);
    expect(order.items[0].price).toBe(24.5);
    expect(order.subtotal).toBe(49);
  });
});

describe('GET /V1/products-render-info', () => {
  const criteria = 'searchCriteria[pageSize]=5&searchCriteria[currentPage]=1';

  it('needs storeId, currencyCode and searchCriteria', async () => {
    const reply = await renderInfo(criteria + '&storeId=1');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: 'currencyCode' },
    });
    const none = await renderInfo('');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('One or more input exceptions have occurred.');
  });

  it('answers a guest with only items, products visible on their own, in the asked page size', async () => {
    const reply = await renderInfo(`${criteria}&storeId=1&currencyCode=GBP`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['items']);
    expect(reply.body.items).toHaveLength(5);
    const item = reply.body.items[0];
    expect(Object.keys(item.price_info)).toEqual(
      expect.arrayContaining(['final_price', 'regular_price', 'minimal_price', 'max_price', 'special_price']),
    );
    expect(item.currency_code).toBe('GBP');
    const hidden = await renderInfo(
      `searchCriteria[filterGroups][0][filters][0][field]=visibility&searchCriteria[filterGroups][0][filters][0][value]=1&storeId=1&currencyCode=GBP`,
    );
    expect(hidden.body.items).toEqual([]);
  });
});
