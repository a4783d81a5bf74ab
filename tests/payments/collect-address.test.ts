/**
 * A click & collect basket Magento would refuse to place is refused before any payment starts (issue 65):
 * its shipping address must be its point's (InventoryInStorePickupQuote's `InStorePickupQuoteValidationRule`,
 * which Magento applies only when placing), and no line may be for more than one basket may collect. Through
 * the storefront server's `POST /payments/start` with the payment bridge, a fake Opayo Server speaking the
 * protocol over HTTP and a real embedded back end; the shipping information is saved over Magento's REST
 * as any client can save it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectAtPayment } from '../../src/features/collect/payment.server.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import { createPaymentRoutes } from '../../src/payments/routes.ts';
import { INTEGRATION_TOKEN } from '../support/backend.ts';
import { SHOP, SITE, startCollectTestbed, type CollectTestbed } from '../server/collect-testbed.ts';
import { raw } from '../server/helpers.ts';
import { NOTIFY_PATH, opayoBridge } from './opayo-bridge.ts';
import { startFakeOpayo, type FakeOpayo } from './payments-fake-opayo.ts';

const VENDOR = 'testvendor';

let opayo: FakeOpayo;
let bed: CollectTestbed;

beforeAll(async () => {
  opayo = await startFakeOpayo(VENDOR);
  bed = await startCollectTestbed({
    routes: (deps, backend) => {
      const bridge = opayoBridge({
        vendor: VENDOR,
        registrationUrl: opayo.registrationUrl,
        magento: createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN }),
        store: openPaymentStore(deps.store),
        siteUrl: SITE,
        notificationUrl: `${SITE}${NOTIFY_PATH}`,
        shopName: 'Clearwater Cleaning',
        checks: [collectAtPayment(deps)],
        log: () => undefined,
      });
      return [createPaymentRoutes({ bridge, siteUrl: SITE, log: () => undefined })];
    },
  });
});

afterAll(async () => {
  await bed.close();
  await opayo.close();
});

async function startPaying(guestCode: string) {
  const reply = await raw(bed.shop.url, '/payments/start', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ guestCode }),
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, unknown> };
}

describe('paying for a basket to collect', () => {
  it('is refused before the card provider hears of it when the address is not the point’s', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 2, depot: 0 });
    const basket = await bed.guestCart(sku);
    await bed.collectAt(basket, 'shop', '1 Somewhere Else');
    const before = opayo.registered.size;

    expect(await startPaying(basket)).toEqual({
      status: 409,
      body: {
        message: `The collection address on your order isn’t ${SHOP}’s. Nothing has been charged. Please go back to Shipping and choose ${SHOP} again.`,
      },
    });
    expect(opayo.registered.size).toBe(before);
    // Nothing was set aside for a basket that could not be paid for.
    expect(await bed.lineFor(sku)).toBe(`Collect today from ${SHOP}: 2 in stock`);

    // Chosen again at the shipping step, as the checkout saves it: the point's own address.
    await bed.collectAt(basket, 'shop');
    const paying = await startPaying(basket);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(opayo.registered.size).toBe(before + 1);
  });

  it('is refused before any payment when a line is for more than one basket may collect', async () => {
    const sku = bed.take();
    await bed.stock(sku, { shop: 12, depot: 0 });
    const basket = await bed.guestCart(sku, 11);
    await bed.collectAt(basket, 'shop');
    const before = opayo.registered.size;

    expect(await startPaying(basket)).toEqual({
      status: 409,
      body: {
        message: `You can collect up to 10 of each product from ${SHOP} in one order. Nothing has been charged. Reduce the quantity in your basket, or choose delivery.`,
      },
    });
    expect(opayo.registered.size).toBe(before);
  });
});
