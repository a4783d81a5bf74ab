import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  measureBeginCheckout,
  measurePayment,
  measureShippingInfo,
  measureViewCart,
} from '../../../src/features/analytics/checkout-events.ts';
import { measurePurchase } from '../../../src/features/analytics/purchase.ts';
import { productDataShard, productDataUrl } from '../../../src/features/product-data/files.ts';
import type { ProductFacts } from '../../../src/features/product-data/facts.ts';
import type { Totals } from '../../../src/magento/wire/shopper-totals.ts';

/** Facts as the build writes them (build-facts.ts): a configurable's child names its parent's kind. */
const detergent: ProductFacts = {
  sku: 'DET-5L',
  name: 'Alkaline Degreaser Detergent 5 L',
  href: '/alkaline-degreaser?volume=5-l',
  image: null,
  priceInclVat: 24.5,
  priceExclVat: 20.42,
  inStock: true,
  kind: { id: 12, name: 'Detergents' },
  specs: {},
  parent: {
    sku: 'DET',
    name: 'Alkaline Degreaser Detergent',
    options: [{ code: 'volume', label: 'Volume', value: '5 l' }],
  },
};
const hose: ProductFacts = {
  sku: 'HOSE-10',
  name: 'High-pressure hose 10 m',
  href: '/high-pressure-hose-10-m',
  image: null,
  priceInclVat: 39,
  priceExclVat: 32.5,
  inStock: true,
  kind: { id: 20, name: 'Hoses' },
  specs: {},
};

/** The site's facts files, as the browser fetches them (`/product-data/{n}.json`). */
function serveFacts(products: readonly ProductFacts[], failing = false): void {
  const files = new Map<string, Record<string, ProductFacts>>();
  for (const product of products) {
    const url = productDataUrl(productDataShard(product.sku));
    files.set(url, { ...files.get(url), [product.sku]: product });
  }
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      failing
        ? new Response('', { status: 503 })
        : new Response(JSON.stringify(files.get(url) ?? {}), { status: 200 }),
    ),
  );
}

/** The page: its `dataLayer`, `<html data-brand>`, and localStorage for the purchase kept across pages. */
function page(): unknown[] {
  const layer: unknown[] = [];
  vi.stubGlobal('window', { dataLayer: layer });
  vi.stubGlobal('document', { documentElement: { dataset: { brand: 'Clearwater Cleaning' } } });
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  return layer;
}

const events = (layer: readonly unknown[]) =>
  layer.filter((entry): entry is { event: string; ecommerce: { items: unknown[] } } =>
    Boolean((entry as { event?: string }).event),
  );

/** Magento's cart lines: a configurable's child (its own sku) and a simple product. */
const lines = [
  { sku: 'DET-5L', qty: 2, name: 'Alkaline Degreaser Detergent 5 L', price: 24.5 },
  { sku: 'HOSE-10', qty: 1, name: 'High-pressure hose 10 m', price: 39 },
];

/** Each item as the catalogue's and the add's events give it: the product's kind, a child's values. */
const expectedItems = [
  {
    item_id: 'DET-5L',
    item_name: 'Alkaline Degreaser Detergent 5 L',
    item_brand: 'Clearwater Cleaning',
    item_category: 'Detergents',
    item_variant: '5 l',
    price: 24.5,
    quantity: 2,
  },
  {
    item_id: 'HOSE-10',
    item_name: 'High-pressure hose 10 m',
    item_brand: 'Clearwater Cleaning',
    item_category: 'Hoses',
    price: 39,
    quantity: 1,
  },
];

/**
 * Magento's totals at Pay for prices that include VAT: £88 of goods (£14.67 VAT) and £6 delivery (£1 VAT),
 * `subtotal` and `shipping_amount` excl VAT beside their `_incl_tax` twins, the top-level `grand_total`
 * net of the £15.67 VAT.
 */
const totals: Totals = {
  grand_total: 78.33,
  subtotal: 73.33,
  subtotal_incl_tax: 88,
  shipping_amount: 5,
  shipping_incl_tax: 6,
  tax_amount: 15.67,
  coupon_code: 'WELCOME10',
  total_segments: [
    { code: 'shipping', value: 5 },
    { code: 'grand_total', value: 94 },
  ],
};

let layer: unknown[];

beforeEach(() => {
  layer = page();
  serveFacts([detergent, hose]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the basket's and the checkout's events", () => {
  it("view_cart names each product's category, as the product and the add did", async () => {
    await measureViewCart(lines);
    expect(events(layer)).toEqual([
      { event: 'view_cart', ecommerce: { currency: 'GBP', value: 88, items: expectedItems } },
    ]);
  });

  it("begin_checkout and add_shipping_info name each product's category", async () => {
    const items = measureBeginCheckout(lines);
    await measureShippingInfo(items, 'Next working day');
    expect(events(layer)).toEqual([
      { event: 'begin_checkout', ecommerce: { currency: 'GBP', value: 88, items: expectedItems } },
      {
        event: 'add_shipping_info',
        ecommerce: { currency: 'GBP', value: 88, items: expectedItems, shipping_tier: 'Next working day' },
      },
    ]);
  });

  it("add_payment_info and the purchase name each product's category, and the purchase its VAT and delivery incl VAT", async () => {
    const items = measureBeginCheckout(lines);
    await measurePayment(items, totals, 'PAY-1', 'Card');
    await measurePurchase('PAY-1', '000000123');
    const [, payment, purchase] = events(layer);
    expect(payment).toEqual({
      event: 'add_payment_info',
      ecommerce: { currency: 'GBP', value: 88, items: expectedItems, payment_type: 'Card' },
    });
    expect(purchase).toEqual({
      event: 'purchase',
      ecommerce: {
        currency: 'GBP',
        transaction_id: '000000123',
        items: expectedItems,
        value: 94,
        tax: 15.67,
        shipping: 6,
        coupon: 'WELCOME10',
      },
    });
  });

  it('still measure the cart, without categories, when the facts files cannot be had', async () => {
    serveFacts([], true);
    await measureViewCart(lines);
    const [viewCart] = events(layer);
    expect(viewCart?.ecommerce.items).toEqual([
      {
        item_id: 'DET-5L',
        item_name: 'Alkaline Degreaser Detergent 5 L',
        item_brand: 'Clearwater Cleaning',
        price: 24.5,
        quantity: 2,
      },
      {
        item_id: 'HOSE-10',
        item_name: 'High-pressure hose 10 m',
        item_brand: 'Clearwater Cleaning',
        price: 39,
        quantity: 1,
      },
    ]);
  });
});
