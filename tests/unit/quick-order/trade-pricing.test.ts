/**
 * Quick order priced for a signed-in Trade customer (issue 38): a row shows the Trade price its quantity
 * comes to (the Trade price at 1, a Trade tier from its quantity), everyone's price for a product with no
 * Trade price, and everyone's where it is the lower (the cart charges the lowest that applies).
 */
import { describe, expect, it } from 'vitest';
import { tradeRowPricing } from '../../../src/features/quick-order/trade-pricing.ts';
import type { TradePrice, TradePrices } from '../../../src/features/trade/trade-rows.ts';
import { openPage } from './store-page.ts';

/** A Trade file holding `rows` by sku. */
const tradeFile = (rows: Record<string, TradePrice>): TradePrices => ({ of: (sku) => rows[sku] });

const TRADE: TradePrice = { inclVat: 100.8, exclVat: 84, tiers: [[5, 90, 75]], from: false };

describe('a Trade customer’s quick order', () => {
  it('shows the Trade price at 1 and the Trade tier from its quantity', async () => {
    const page = await openPage({
      saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }],
      price: tradeRowPricing(tradeFile({ 'HG-PW-00156': TRADE })),
    });
    await page.settled();
    expect(page.row(0).about?.price).toEqual({ inclVat: 100.8, exclVat: 84, tierQty: null });
    const [key = -1] = page.keys();
    page.store.setQty(key, '5');
    expect(page.row(0).about?.price).toEqual({ inclVat: 90, exclVat: 75, tierQty: 5 });
    page.store.setQty(key, '4');
    expect(page.row(0).about?.price).toEqual({ inclVat: 100.8, exclVat: 84, tierQty: null });
  });

  it('shows everyone’s price for a product with no Trade price, and where everyone’s is lower', async () => {
    const everyone = await openPage({ saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }] });
    await everyone.settled();
    const publicPrice = everyone.row(0).about?.price;
    expect(publicPrice?.inclVat).toBeGreaterThan(1);

    const none = await openPage({
      saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }],
      price: tradeRowPricing(tradeFile({})),
    });
    await none.settled();
    expect(none.row(0).about?.price).toEqual(publicPrice);

    const dearer = (publicPrice?.inclVat ?? 0) + 10;
    const lower = await openPage({
      saved: [{ code: 'HG-PW-00156', qty: '1', choice: {} }],
      price: tradeRowPricing(
        tradeFile({ 'HG-PW-00156': { inclVat: dearer, exclVat: dearer / 1.2, tiers: [], from: false } }),
      ),
    });
    await lower.settled();
    expect(lower.row(0).about?.price).toEqual(publicPrice);
  });
});
