/**
 * Click & collect's live answers and reservations (issue 55), through the storefront server's collect
 * routes against a real embedded back end with MSI's pickup locations and source items, on a fixed shop
 * clock (Wednesday 25 November 2026, 10:00 in London). Stock at a point is set as staff set it in Magento
 * (`POST /V1/inventory/source-items`); baskets are guests' carts filled over Magento's REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleHolds } from '../../src/features/collect/collect.server.ts';
import { collectMagento } from '../../src/features/collect/magento.server.ts';
import { collectAtPayment } from '../../src/features/collect/payment.server.ts';
import { collectTexts } from '../../src/features/collect/texts.ts';
import { PaymentRefused } from '../../src/payments/checks.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { createCollectRoutes } from '../../src/server/shopper/collect.ts';
import { placeTestOrder } from '../support/orders.ts';
import { SHOP, SITE, startCollectTestbed, type CollectTestbed } from './collect-testbed.ts';
import { makeFakeSite, raw, startFakeSite } from './helpers.ts';

let bed: CollectTestbed;

const admin: CollectTestbed['admin'] = (...args) => bed.admin(...args);
const take = () => bed.take();
const stock: CollectTestbed['stock'] = (...args) => bed.stock(...args);
const guestCart: CollectTestbed['guestCart'] = (...args) => bed.guestCart(...args);
const json: CollectTestbed['json'] = (...args) => bed.json(...args);
const lineFor: CollectTestbed['lineFor'] = (...args) => bed.lineFor(...args);

beforeAll(async () => {
  bed = await startCollectTestbed();
});

afterAll(() => bed.close());

describe('the collection points', () => {
  it('are Magento’s pickup locations with the shop’s opening hours', async () => {
    const reply = await json('/collect/points');
    expect(reply.status).toBe(200);
    const points = reply.body.points as { code: string; name: string; hours: string[] }[];
    expect(points.map((point) => point.code)).toEqual(['shop', 'depot']);
    expect(points[0]).toMatchObject({ name: SHOP, address: { city: 'Leeds', postcode: 'LS10 1AB' } });
    expect(points[0]?.hours).toContain('Sunday Closed');
  });
});

describe('availability at a point, live', () => {
  it('says how many are on the shelf to collect today, in under a kilobyte, never cached', async () => {
    const sku = take();
    await stock(sku, { shop: 3, depot: 0 });
    const reply = await json(`/collect/availability?point=shop&sku=${encodeURIComponent(sku)}`);
    expect(reply.body.items[sku]).toEqual({
      kind: 'shelf',
      free: 3,
      text: `Collect today from ${SHOP}: 3 in stock`,
    });
    expect(reply.size).toBeLessThanOrEqual(1024);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('offers the depot’s stock by its cut-off, and says delivery only when neither has it', async () => {
    const sku = take();
    await stock(sku, { shop: 0, depot: 4 });
    expect(await lineFor(sku)).toBe('Order by 4 pm, collect tomorrow');
    expect(await lineFor(sku, 'depot')).toBe(
      'Collect today from Clearwater Cleaning Wakefield depot: 4 in stock',
    );
    const none = take();
    await stock(none, { shop: 0, depot: 0 });
    expect(await lineFor(none)).toBe('Delivery only');
  });

  it('refuses a point that is not a collection point', async () => {
    const reply = await json(`/collect/availability?point=warehouse&sku=${encodeURIComponent(take())}`);
    expect(reply.status).toBe(404);
  });

  it('is a page of every point’s answer for a shopper without JavaScript', async () => {
    const sku = take();
    await stock(sku, { shop: 2, depot: 0 });
    const reply = await raw(
      bed.shop.url,
      `/collect/availability/${encodeURIComponent(sku)}?point=shop&back=/x`,
    );
    const html = reply.body.toString();
    expect(reply.status).toBe(200);
    expect(html).toContain(`Collect today from ${SHOP}: 2 in stock`);
    expect(html).toContain('Back to the product');
  });
});

describe('reserving a basket at a point', () => {
  it('gives the last unit to one shopper; the next gets the depot’s, and the one after is told', async () => {
    const sku = take();
    await stock(sku, { shop: 1, depot: 1 });
    const [first, second, third] = [await guestCart(sku), await guestCart(sku), await guestCart(sku)];
    const hold = (guestCode: string, point = 'shop') =>
      json('/collect/hold', { method: 'POST', body: { point, guestCode } });

    expect((await hold(first)).body).toMatchObject({ kind: 'held', day: '2026-11-25', dayText: 'today' });
    expect(await lineFor(sku)).toBe('Order by 4 pm, collect tomorrow');
    expect((await hold(second)).body).toMatchObject({ kind: 'held', day: '2026-11-26', dayText: 'tomorrow' });
    expect(await lineFor(sku)).toBe('Delivery only');

    const refused = await hold(third);
    expect(refused.body).toMatchObject({
      kind: 'short',
      message: `Not everything in your basket can be collected from ${SHOP}:`,
      others: [],
    });
    expect(refused.body.short[0]).toMatchObject({ sku, wanted: 1, free: 0 });

    const released = await json('/collect/hold', { method: 'DELETE', body: { guestCode: first } });
    expect(released.status).toBe(204);
    expect(await lineFor(sku)).toBe(`Collect today from ${SHOP}: 1 in stock`);
  });

  it('offers another point that has the whole basket', async () => {
    const sku = take();
    await stock(sku, { shop: 2, depot: 1 });
    const [first, second] = [await guestCart(sku), await guestCart(sku)];
    await json('/collect/hold', { method: 'POST', body: { point: 'depot', guestCode: first } });
    const refused = await json('/collect/hold', {
      method: 'POST',
      body: { point: 'depot', guestCode: second },
    });
    expect(refused.body).toMatchObject({ kind: 'short', others: [{ code: 'shop', name: SHOP }] });
  });

  it('says for each point when the basket could be collected there', async () => {
    const sku = take();
    await stock(sku, { shop: 0, depot: 2 });
    const cart = await guestCart(sku, 2);
    const reply = await json('/collect/basket', { method: 'POST', body: { guestCode: cart } });
    const [atShop, atDepot] = reply.body.points;
    expect(atShop).toMatchObject({
      point: { code: 'shop' },
      day: '2026-11-26',
      dayText: 'tomorrow',
      short: [],
    });
    expect(atDepot).toMatchObject({ point: { code: 'depot' }, day: '2026-11-25', dayText: 'today' });
  });

  it('tells the shopper before paying when another paid for the unit meanwhile, and charges nothing', async () => {
    const sku = take();
    await stock(sku, { shop: 1, depot: 0 });
    const mine = await guestCart(sku);
    const theirs = await guestCart(sku);
    await bed.collectAt(mine, 'shop');
    await bed.collectAt(theirs, 'shop');
    await bed.payToCollect(theirs);
    const paying = bed.payToCollect(mine);
    await expect(paying).rejects.toBeInstanceOf(PaymentRefused);
    await expect(paying).rejects.toMatchObject({
      refusal: { check: 'collection', status: 409, message: collectTexts.soldOutWhilePaying(SHOP) },
    });
  });
});

describe('a placed order’s reservation', () => {
  it('is reserved again and kept until Magento ships it to the counter, when the shelf itself falls', async () => {
    const sku = take();
    await stock(sku, { shop: 2, depot: 0 });
    const code = await guestCart(sku);
    expect(
      (await json('/collect/hold', { method: 'POST', body: { point: 'shop', guestCode: code } })).body.kind,
    ).toBe('held');
    const points = (await json('/collect/points')).body.points as {
      code: string;
      address: Record<string, unknown>;
    }[];
    const atShop = points.find((point) => point.code === 'shop');
    if (!atShop) throw new Error('no shop');
    const { street, ...where } = atShop.address;
    const placed = await placeTestOrder(bed.backend, {
      guestCart: code,
      lines: [],
      pickup: { ...where, street: [street], extension_attributes: { pickup_location_code: 'shop' } },
    });
    const orderId = placed.id;
    const quoteId = Number((await admin('GET', `/orders/${orderId}`)).body.quote_id);
    // Paying outlasted the reservation: placing reserves the unit again rather than leaving it free.
    await bed.store.store.run('UPDATE collect_holds SET expires_at = 0 WHERE cart_id = ?', [quoteId]);
    expect(await lineFor(sku)).toBe(`Collect today from ${SHOP}: 2 in stock`);
    const handOver = await collectAtPayment(bed.deps).placed?.({
      cartId: quoteId,
      orderId,
      lines: [{ sku, qty: 1 }],
      email: undefined,
      read: { number: placed.number, pickupPoint: 'shop' },
    });
    expect(handOver).toBe(true);

    await settleHolds(bed.deps);
    expect(await lineFor(sku)).toBe(`Collect today from ${SHOP}: 1 in stock`);

    const notified = await admin('POST', '/order/notify-orders-are-ready-for-pickup', {
      orderIds: [orderId],
    });
    expect(notified.body).toMatchObject({ successful: true });
    await settleHolds(bed.deps);
    // Shipped from the shop: its own quantity fell by one, and the reservation no longer counts.
    const shelf = await admin(
      'GET',
      `/inventory/source-items?searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(sku)}&searchCriteria[filterGroups][1][filters][0][field]=source_code&searchCriteria[filterGroups][1][filters][0][value]=shop`,
    );
    expect(shelf.body.items[0]).toMatchObject({ quantity: 1 });
    expect(await lineFor(sku)).toBe(`Collect today from ${SHOP}: 1 in stock`);
  });
});

describe('with Magento down', () => {
  it('asks the shopper to call the shop rather than showing nothing', async () => {
    const down = await startFakeSite(makeFakeSite(), {
      siteUrl: SITE,
      routes: [
        createCollectRoutes({
          deps: {
            ...bed.deps,
            magento: collectMagento(
              { baseUrl: 'http://127.0.0.1:9', token: 'x', attempts: 1, timeoutMs: 500 },
              'base',
            ),
          },
          checkout: createMagentoCheckout({ baseUrl: 'http://127.0.0.1:9', token: 'x' }),
          siteUrl: SITE,
          shop: { name: 'Clearwater Cleaning', phone: '0800 123 4567' },
          signal: bed.controller.signal,
        }),
      ],
    });
    try {
      const reply = await raw(down.url, '/collect/availability?point=shop&sku=ABC');
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body.toString()).items.ABC.text).toBe(
        'Call Clearwater Cleaning on 0800 123 4567 to check stock',
      );
    } finally {
      await down.close();
    }
  });
});
