/**
 * A configurable product's choice on its way through the shop, driven as the pages drive it (the cart
 * store, the order pages' server mapping) against the embedded back end over HTTP: add to cart with the
 * picker's options, Magento's refusal without them, the line and its option labels as the basket shows
 * them, a tier price reached by quantity, and an order's configurable line with its options.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exclVat } from '../../src/catalogue/money.ts';
import {
  DEMO_CONFIGURABLES,
  DEMO_TIER_PRICES,
  ALL_GROUPS,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { isTierPrice, unitExclVat } from '../../src/features/cart/lines.ts';
import {
  chosenOptions,
  hasChosenOptions,
  optionParams,
  productOption,
  totalsOptions,
} from '../../src/magento/wire/item-options.ts';
import { addToCart, forgetCart, refreshCart, updateCartItem } from '../../src/features/cart/cart-state.ts';
import { fetchTotals } from '../../src/features/cart/totals.ts';
import { $login } from '../../src/features/account/session.ts';
import { guestOrder } from '../../src/features/orders/orders.server.ts';
import { problemText } from '../../src/shop-api/problem.ts';
import { ShopApiError } from '../../src/shop-api/shop-api.ts';
import { INTEGRATION_TOKEN } from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../support/orders.ts';
import { startTestShop, type TestShop } from '../support/shop.ts';

const CHOOSE = 'You need to choose options for your item.';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.stop();
});
beforeEach(() => {
  $login.set('');
  forgetCart();
  shop.clearCookies();
});

/** A demo configurable with at least two children in stock, and one of them. */
function inStockFamily(): { family: DemoConfigurable; child: DemoConfigurable['children'][number] } {
  for (const family of DEMO_CONFIGURABLES) {
    const inStock = family.children.filter((child) => child.inStock);
    const child = inStock[1];
    if (child) return { family, child };
  }
  throw new Error('the demo has no configurable with two children in stock');
}

/** The picker's form as the product page posts it, read as add to cart reads it. */
const picked = (family: DemoConfigurable, valueId: number) =>
  chosenOptions(new URLSearchParams([[`super_attribute[${family.attributeId}]`, String(valueId)]]));

async function onlyLine() {
  const cart = await refreshCart();
  expect(cart?.items).toHaveLength(1);
  const line = cart?.items[0];
  if (!line) throw new Error('no line');
  return line;
}

describe("adding a configurable product from its page's picker", () => {
  it("puts the chosen child in the basket under the parent's name, with its options' labels", async () => {
    const { family, child } = inStockFamily();
    await addToCart(family.parentSku, 2, picked(family, child.valueId));
    const line = await onlyLine();
    expect(line).toMatchObject({ sku: child.sku, name: family.name, qty: 2, price: child.price });
    expect(hasChosenOptions(line)).toBe(true);
    const totals = await fetchTotals();
    if (!totals) throw new Error('no totals');
    expect(totalsOptions(totals).get(line.item_id)).toEqual([
      { label: family.attributeLabel, value: child.valueLabel },
    ]);
  });

  it('adds the same choice to the same line and another choice as a line of its own', async () => {
    const { family, child } = inStockFamily();
    const other = family.children.find((candidate) => candidate.inStock && candidate !== child);
    if (!other) throw new Error('no second child in stock');
    await addToCart(family.parentSku, 1, picked(family, child.valueId));
    await addToCart(family.parentSku, 1, picked(family, child.valueId));
    await addToCart(family.parentSku, 1, picked(family, other.valueId));
    const cart = await refreshCart();
    expect(cart?.items.map(({ sku, qty }) => ({ sku, qty }))).toEqual([
      { sku: child.sku, qty: 2 },
      { sku: other.sku, qty: 1 },
    ]);
  });

  it("says Magento's 'You need to choose options for your item.' when no choice is sent", async () => {
    const { family } = inStockFamily();
    const refused = await addToCart(family.parentSku, 1).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ShopApiError);
    expect(problemText(refused)).toBe(CHOOSE);
  });

  it('says the same of a sold-out choice, and adds nothing', async () => {
    const family = DEMO_CONFIGURABLES.find((candidate) => candidate.children.some((child) => !child.inStock));
    const soldOut = family?.children.find((child) => !child.inStock);
    if (!family || !soldOut) throw new Error('the demo has no sold-out child');
    await expect(addToCart(family.parentSku, 1, picked(family, soldOut.valueId))).rejects.toThrow(CHOOSE);
    expect((await refreshCart())?.items ?? []).toEqual([]);
  });
});

describe('a tier price reached by quantity', () => {
  it("lowers the line's unit price at the tier's quantity, and the basket says it is a tier price", async () => {
    const tier = DEMO_TIER_PRICES.filter((candidate) => candidate.customerGroupId === ALL_GROUPS).find(
      (candidate) =>
        DEMO_CONFIGURABLES.some((family) =>
          family.children.some((child) => child.sku === candidate.sku && child.inStock),
        ),
    );
    const family = DEMO_CONFIGURABLES.find((candidate) =>
      candidate.children.some((c) => c.sku === tier?.sku),
    );
    const child = family?.children.find((candidate) => candidate.sku === tier?.sku);
    if (!tier || !family || !child) throw new Error('the demo has no ALL GROUPS tier on a child in stock');
    const list = {
      priceInclVat: child.price,
      priceExclVat: exclVat(child.price),
      tiers: [{ qty: tier.qty, priceInclVat: tier.value }],
    };

    await addToCart(family.parentSku, tier.qty - 1, picked(family, child.valueId));
    const below = await onlyLine();
    expect(below.price).toBe(child.price);
    expect(isTierPrice(below.price, below.qty, list)).toBe(false);

    await updateCartItem(below.item_id, tier.qty);
    const reached = await onlyLine();
    expect(reached.price).toBe(tier.value);
    expect(isTierPrice(reached.price, reached.qty, list)).toBe(true);
    expect(unitExclVat(reached.price, list)).toBe(exclVat(tier.value));
  });
});

describe("an order's configurable line", () => {
  it('is one line, the parent item with the chosen options, its hidden child left out', async () => {
    const { family, child } = inStockFamily();
    const options = picked(family, child.valueId);
    const placed = await placeTestOrder(shop.backend, {
      lines: [{ sku: family.parentSku, qty: 1, product_option: productOption(options) }],
    });
    const order = await guestOrder(
      { baseUrl: shop.backend.url, token: INTEGRATION_TOKEN },
      { number: placed.number, email: ORDER_ADDRESS.email, postcode: ORDER_ADDRESS.postcode },
    );
    expect(order?.lines).toEqual([
      expect.objectContaining({ sku: child.sku, name: family.name, qty: 1, options }),
    ]);
    expect(order?.itemCount).toBe(1);
    // Buy again sends these back as they came: the same names the basket's query carries.
    expect(chosenOptions(new URLSearchParams(optionParams(order?.lines[0]?.options ?? [])))).toEqual(options);
  });
});
