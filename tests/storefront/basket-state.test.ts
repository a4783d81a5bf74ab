/**
 * The basket's and checkout's browser state (features/cart, features/checkout, features/account), driven
 * as the pages drive it, through the storefront server's /rest proxy to the embedded back end: discount
 * codes (Magento's refusal and totals), a code Magento drops when the basket stops qualifying, a guest's
 * code across signing in, delivery as Magento prices it for the basket and the chosen method.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerSignIn } from '../../src/components/account/sign-in-hooks.ts';
import { registerSessionEnd } from '../../src/components/shell/session-end.ts';
import { signIn } from '../../src/features/account/sign-in.ts';
import { signOut } from '../../src/features/account/sign-out.ts';
import {
  $appliedCoupon,
  $guestCode,
  addToCart,
  refreshCart,
  updateCartItem,
  forgetCart,
} from '../../src/features/cart/cart-state.ts';
import { applyCoupon, droppedCoupon, removeCoupon } from '../../src/features/cart/coupon.ts';
import {
  basketDelivery,
  estimateMethods,
  deliveryChoices,
  previewTotals,
  UK,
} from '../../src/features/cart/delivery.ts';
import { fetchTotals } from '../../src/features/cart/totals.ts';
import { $login } from '../../src/features/account/session.ts';
import { saveShippingInformation } from '../../src/features/checkout/checkout-state.ts';
import { ShopApiError } from '../../src/shop-api/shop-api.ts';
import { couponCode, discountLine, grandTotal, shippingLine } from '../../src/magento/wire/shopper-totals.ts';
import { FORM_ADDRESS } from '../support/addresses.ts';
import {
  productsInStock,
  productWhere,
  startTestShop,
  type TestProduct,
  type TestShop,
} from '../support/shop.ts';

let shop: TestShop;
let products: TestProduct[];

beforeAll(async () => {
  // What the sign-in form and every page's shell register: the features' parts of signing in and out.
  registerSignIn();
  registerSessionEnd();
  shop = await startTestShop();
  products = await productsInStock(shop.backend);
});
afterAll(async () => {
  await shop?.stop();
});
beforeEach(() => {
  $login.set('');
  forgetCart();
  shop.clearCookies();
});

const parcel = (fits: (p: TestProduct) => boolean) => (p: TestProduct) =>
  p.weight <= 5 && p.qty >= 10 && fits(p);
const INVALID = "The coupon code isn't valid. Verify the code and try again.";

async function totals() {
  const found = await fetchTotals();
  if (!found) throw new Error('no totals');
  return found;
}

describe('discount codes', () => {
  it("applies a code whatever its case, shows Magento's discount, and removes it", async () => {
    const item = productWhere(
      products,
      'a parcel between £20 and £40',
      parcel((p) => p.price >= 20 && p.price <= 40),
    );
    await addToCart(item.sku, 1);
    await applyCoupon(' welcome10 ');
    const applied = await totals();
    expect(couponCode(applied)).toBe('WELCOME10');
    const discount = discountLine(applied);
    expect(discount?.title).toBe('Discount (Welcome 10% off)');
    expect(discount?.value).toBeCloseTo(-Math.round(item.price * 10) / 100, 2);
    expect(droppedCoupon(applied)).toBe('');
    expect($appliedCoupon.get()).toBe('WELCOME10');

    await removeCoupon();
    const removed = await totals();
    expect(discountLine(removed)).toBeUndefined();
    expect($appliedCoupon.get()).toBe('');
  });

  it("refuses a wrong code and the expired one with Magento's message, remembering nothing", async () => {
    const item = productWhere(
      products,
      'a parcel',
      parcel(() => true),
    );
    await addToCart(item.sku, 1);
    for (const code of ['NOT-A-CODE', 'SUMMER24']) {
      const refusal = await applyCoupon(code).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ShopApiError);
      expect((refusal as ShopApiError).status).toBe(404);
      expect((refusal as ShopApiError).message).toBe(INVALID);
    }
    expect($appliedCoupon.get()).toBe('');
    expect(discountLine(await totals())).toBeUndefined();
  });

  it('says once that a code stopped applying when the basket fell below its minimum', async () => {
    const item = productWhere(
      products,
      'a parcel between £60 and £150',
      parcel((p) => p.price >= 60 && p.price <= 150),
    );
    const qty = Math.ceil(200 / item.price);
    await addToCart(item.sku, qty);
    await applyCoupon('SAVE20');
    expect(discountLine(await totals())?.value).toBe(-20);
    const line = (await refreshCart())?.items[0];
    if (!line) throw new Error('no line');
    await updateCartItem(line.item_id, 1);
    const after = await totals();
    expect(discountLine(after)).toBeUndefined();
    expect(droppedCoupon(after)).toBe('SAVE20');
    expect(droppedCoupon(after)).toBe('');
  });

  it("keeps a guest's code when the guest signs in", async () => {
    const customer = await shop.backend.newCustomer();
    const item = productWhere(
      products,
      'a parcel',
      parcel(() => true),
    );
    await addToCart(item.sku, 1);
    await applyCoupon('FREEDELIVERY');
    expect($guestCode.get()).not.toBe('');
    await signIn(customer.email, customer.password);
    expect($guestCode.get()).toBe('');
    expect(couponCode(await totals())).toBe('FREEDELIVERY');
    await signOut();
    expect($appliedCoupon.get()).toBe('');
  });
});

describe('delivery for the basket', () => {
  it('offers standard delivery at £4.95 below £50 and says how much more to spend', async () => {
    const item = productWhere(
      products,
      'a parcel between £10 and £30',
      parcel((p) => p.price >= 10 && p.price <= 30),
    );
    await addToCart(item.sku, 1);
    const delivery = await basketDelivery(fetchTotals);
    expect(delivery.method?.carrier_title).toBe('Standard delivery');
    expect(shippingLine(delivery.totals).value).toBe(4.95);
    expect(grandTotal(delivery.totals)).toBeCloseTo(item.price + 4.95, 2);
    expect(delivery.choices.map((method) => method.carrier_title)).toEqual([
      'Standard delivery',
      'Next working day',
    ]);
  });

  it('delivers free from £50, and not once a discount takes the basket below it', async () => {
    // A basket from £50 to £55: free as it is, below £50 after WELCOME10's 10 %.
    const basket = products
      .filter(parcel(() => true))
      .flatMap((p) => [1, 2, 3, 4].map((qty) => ({ p, qty, total: p.price * qty })))
      .find(({ total }) => total >= 50 && total < 55);
    if (!basket) throw new Error('no parcel makes a basket of £50 to £55');
    await addToCart(basket.p.sku, basket.qty);
    expect(shippingLine((await basketDelivery(fetchTotals)).totals).value).toBe(0);
    await applyCoupon('WELCOME10');
    const discounted = await basketDelivery(fetchTotals);
    expect(discountLine(discounted.totals)).toBeDefined();
    expect(discounted.method?.carrier_code).toBe('flatrate');
    expect(shippingLine(discounted.totals).value).toBe(4.95);
  });

  it('offers only pallet delivery for a basket over 30 kg', async () => {
    const heavy = productWhere(products, 'a product over 30 kg', (p) => p.weight > 30 && p.qty >= 1);
    await addToCart(heavy.sku, 1);
    const choices = deliveryChoices(await estimateMethods(UK));
    expect(choices.map((method) => [method.carrier_title, method.amount])).toEqual([['Pallet delivery', 49]]);
  });

  it('stores the chosen method, and the totals are the preview it showed', async () => {
    const item = productWhere(
      products,
      'a parcel',
      parcel(() => true),
    );
    await addToCart(item.sku, 2);
    const nextDay = deliveryChoices(await estimateMethods(UK)).find(
      (method) => method.carrier_code === 'nextday',
    );
    if (!nextDay) throw new Error('no next-day delivery offered');
    const preview = await previewTotals(UK.address, nextDay);
    const address = { ...FORM_ADDRESS, email: 'guest@example.com' };
    await saveShippingInformation(
      address,
      address,
      [{ id: 'GB', full_name_english: 'United Kingdom' }],
      nextDay,
    );
    const saved = await totals();
    expect(shippingLine(saved).value).toBe(9.95);
    expect(grandTotal(saved)).toBe(grandTotal(preview));
  });
});
