/**
 * A click & collect basket cannot keep a point's shelf from other shoppers (issue 65), through the
 * storefront server's collect routes and the check before payment, against a real embedded back end: one
 * basket holds at most what one shopper may buy (`mostPerLine`, 10), its reservations end a set time
 * after its first (`reserveAtMostMinutes`, 60) however often it holds again, and a shopper paying takes a
 * point's last unit from a basket that merely holds it. Time passing is the basket's first reservation
 * moved back in the shop's store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectTexts } from '../../src/features/collect/texts.ts';
import { PaymentRefused } from '../../src/payments/checks.ts';
import { startCollectTestbed, type CollectTestbed } from './collect-testbed.ts';

const DEPOT = 'Clearwater Cleaning Wakefield depot';
const MINUTE = 60_000;

let bed: CollectTestbed;

beforeAll(async () => {
  bed = await startCollectTestbed();
});

afterAll(() => bed.close());

const hold = (guestCode: string, point = 'depot') =>
  bed.json('/collect/hold', { method: 'POST', body: { point, guestCode } });

/** The basket's first reservation `minutes` further back, as if that time had passed. */
async function firstReservedEarlier(guestCode: string, minutes: number): Promise<void> {
  const cart = (await bed.backend.call('GET', `/rest/V1/guest-carts/${guestCode}`)).body.id as number;
  const moved = await bed.store.store.run(
    'UPDATE collect_hold_baskets SET since = since - ? WHERE cart_id = ?',
    [minutes * MINUTE, cart],
  );
  expect(moved).toBe(1);
  await bed.store.store.run('UPDATE collect_holds SET expires_at = expires_at - ? WHERE cart_id = ?', [
    minutes * MINUTE,
    cart,
  ]);
}

const productName = async (sku: string): Promise<string> =>
  (await bed.admin('GET', `/products/${encodeURIComponent(sku)}`)).body.name as string;

describe('one basket’s hold at a point', () => {
  it('takes at most what one shopper may buy: 19 of the depot’s 19 are not held, and others still get them', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 0, depot: 19 });
    const whole = await bed.guestCart(sku, 19);

    const refused = await hold(whole);
    expect(refused.body).toMatchObject({ kind: 'short', others: [] });
    expect(refused.body.short).toEqual([
      expect.objectContaining({
        sku,
        wanted: 19,
        free: 10,
        text: `${await productName(sku)}: you can collect up to 10 in one order`,
      }),
    ]);
    expect(await bed.lineFor(sku, 'depot')).toBe(`Collect today from ${DEPOT}: 19 in stock`);

    expect((await hold(await bed.guestCart(sku, 10))).body.kind).toBe('held');
    expect((await hold(await bed.guestCart(sku, 9))).body.kind).toBe('held');
    expect(await bed.lineFor(sku, 'depot')).toBe('Delivery only');
  });

  it('cannot be renewed past the shop’s total from its first reservation, nor started afresh', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 0, depot: 2 });
    const basket = await bed.guestCart(sku);
    const first = await hold(basket);
    expect(first.body.kind).toBe('held');
    expect(Date.parse(first.body.until) - Date.now()).toBeGreaterThan(29 * MINUTE);

    // 50 minutes on: holding again keeps it only to the hour's end, not for another 30 minutes.
    await firstReservedEarlier(basket, 50);
    const renewed = await hold(basket);
    expect(renewed.body.kind).toBe('held');
    const left = Date.parse(renewed.body.until) - Date.now();
    expect(left).toBeLessThanOrEqual(10 * MINUTE + 5_000);
    expect(left).toBeGreaterThan(9 * MINUTE);

    // The hour is up: the units are back on the shelf, and letting go and holding again does not restart it.
    await firstReservedEarlier(basket, 11);
    expect(await bed.lineFor(sku, 'depot')).toBe(`Collect today from ${DEPOT}: 2 in stock`);
    expect((await bed.json('/collect/hold', { method: 'DELETE', body: { guestCode: basket } })).status).toBe(
      204,
    );
    const spent = await hold(basket);
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe(
      `Your items have been reserved at ${DEPOT} for 60 minutes, the longest we can hold a basket, so they’re back on the shelf for other shoppers. Choose delivery instead.`,
    );
    expect(await bed.lineFor(sku, 'depot')).toBe(`Collect today from ${DEPOT}: 2 in stock`);

    // The shopper may still pay while the shelf has it; nothing more is set aside for them.
    await bed.collectAt(basket, 'depot');
    await bed.payToCollect(basket);
    expect(await bed.lineFor(sku, 'depot')).toBe(`Collect today from ${DEPOT}: 2 in stock`);
  });
});

describe('a point’s last unit', () => {
  it('goes to the shopper paying, not to a basket merely holding it, and the holder is told when they pay', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 0, depot: 1 });
    const holder = await bed.guestCart(sku);
    const payer = await bed.guestCart(sku);
    expect((await hold(holder)).body.kind).toBe('held');
    expect((await hold(payer)).body).toMatchObject({ kind: 'short' });

    await bed.collectAt(payer, 'depot');
    await bed.payToCollect(payer);
    // Checked again before a PayPal capture: the same unit, reserved again, not a second one.
    await bed.payToCollect(payer);
    expect(await bed.lineFor(sku, 'depot')).toBe('Delivery only');

    await bed.collectAt(holder, 'depot');
    const paying = bed.payToCollect(holder);
    await expect(paying).rejects.toBeInstanceOf(PaymentRefused);
    await expect(paying).rejects.toMatchObject({
      refusal: { check: 'collection', message: collectTexts.soldOutWhilePaying(DEPOT) },
    });
    expect((await hold(holder)).body).toMatchObject({ kind: 'short' });
  });

  it('leaves other holders what the shelf has beside what the payer takes', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 0, depot: 2 });
    const [early, late, payer] = [
      await bed.guestCart(sku),
      await bed.guestCart(sku),
      await bed.guestCart(sku),
    ];
    expect((await hold(early)).body.kind).toBe('held');
    await firstReservedEarlier(early, 5);
    expect((await hold(late)).body.kind).toBe('held');
    await bed.collectAt(payer, 'depot');
    await bed.payToCollect(payer);
    // One unit was needed: the basket that began holding last gave it up; the one waiting longest kept its own.
    await bed.collectAt(early, 'depot');
    await bed.payToCollect(early);
    await bed.collectAt(late, 'depot');
    await expect(bed.payToCollect(late)).rejects.toMatchObject({
      refusal: { message: collectTexts.soldOutWhilePaying(DEPOT) },
    });
  });
});
