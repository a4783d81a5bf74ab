/**
 * The basket shared by the header and the islands: Magento's cart (customer cart when signed in, else the
 * guest cart whose masked id is kept under `guestCode`), refreshed on load and whenever `$basketChanged`
 * flips. It runs on every catalogue page (badge, add to cart), so it reads Magento's answers by hand, with
 * no zod (DESIGN.md §4); the basket page's totals are in totals.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { aBoolean, aNumber, aString } from '@cleaning-shop/kit/reader.ts';
import {
  cartItemReader,
  cartReader,
  itemsCount,
  type Cart,
  type CartItem,
} from '../../magento/wire/shopper-cart.ts';
import { cartLineItem, pushQuantityChange, type ItemAbout, pushEcommerce } from '../analytics/index.ts';
import { $signedIn, sessionExpired } from '../account/index.ts';
import { sessionCount } from '../../shop-api/session-count.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { COUPON_MAX_LENGTH, GUEST_CODE_KEY, validGuestCode } from './cart.ts';
import { productOption, type ConfigurableItemOption } from '../../magento/wire/item-options.ts';

export const $guestCode = persistentAtom<string>(GUEST_CODE_KEY, '', {
  decode: validGuestCode,
  encode: (value) => value,
});
export const $cart = atom<Cart | null>(null);
/**
 * The discount code this browser last applied and Magento accepted, '' when none (coupon.ts); forgotten
 * with the cart.
 */
export const $appliedCoupon = persistentAtom<string>('coupon', '', {
  decode: (value) => (value.length <= COUPON_MAX_LENGTH ? value : ''),
  encode: (value) => value,
});
/**
 * How many items the basket holds, as last read from Magento: undefined until known on this page. A
 * failed read leaves it as it was; the last count read is also kept for the session, so a page whose
 * first read fails can still show it (the badge: never a wrong 0).
 */
export const $basketCount = atom<number | undefined>(undefined);
const basketCount = sessionCount('basketCount');

function known(cart: Cart | null): void {
  $cart.set(cart);
  const count = itemsCount(cart);
  $basketCount.set(count);
  basketCount.remember(count);
}

/** The count last read in this session, for a page whose own read failed; undefined if none or corrupt. */
export const lastKnownCount = (): number | undefined => basketCount.recall();

/** Flipped after every change to the basket; the badge and the basket page refresh on it. */
export const $basketChanged = atom(false);

const flip = () => $basketChanged.set(!$basketChanged.get());

/** Magento's cart changed by another way than these calls (the wish list moved products into it). */
export const cartChangedElsewhere = (): void => flip();

/** The base path of the current cart's calls, or undefined when there is none yet. */
export function cartPath(): string | undefined {
  if ($signedIn.get()) return '/rest/V1/carts/mine';
  const code = $guestCode.get();
  return code ? `/rest/V1/guest-carts/${code}` : undefined;
}

/** The current cart's path, for calls that need a cart: a 404 'Your cart is empty' when there is none. */
export function requireCartPath(): string {
  const path = cartPath();
  if (!path) throw new ShopApiError(404, 'Your cart is empty');
  return path;
}

/** A call made as the shopper: a signed-in shopper's 401 means the session is over. */
export async function asShopper<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401 && $signedIn.get()) sessionExpired();
    throw error;
  }
}

export async function refreshCart(): Promise<Cart | null> {
  const path = cartPath();
  if (!path) {
    known(null);
    return null;
  }
  try {
    const cart = await asShopper(() => shopFetch(path, { schema: cartReader }));
    known(cart);
    return cart;
  } catch (error) {
    // No cart (guest cart ordered or expired, customer without one): an empty basket.
    if (error instanceof ShopApiError && error.status === 404) {
      if (!$signedIn.get()) $guestCode.set('');
      $appliedCoupon.set('');
      known(null);
      return null;
    }
    throw error;
  }
}

/** Makes sure a cart exists (customer cart when signed in, else a new guest cart) and returns its path. */
async function ensureCart(): Promise<string> {
  if ($signedIn.get()) {
    await asShopper(() => shopFetch('/rest/V1/carts/mine', { method: 'POST', schema: aNumber }));
    return '/rest/V1/carts/mine';
  }
  const existing = $guestCode.get();
  if (existing) return `/rest/V1/guest-carts/${existing}`;
  const code = await shopFetch('/rest/V1/guest-carts', { method: 'POST', schema: aString });
  $guestCode.set(validGuestCode(code));
  return `/rest/V1/guest-carts/${code}`;
}

/**
 * Adds `qty` of `sku`; a configurable product's `sku` is the parent's, with the chosen `options` (its
 * attribute ids and option ids, options.ts): Magento finds the child, or refuses with "You need to choose
 * options for your item.", which is thrown as the message the shopper reads. Product page, basket query,
 * wish list and reorder all add through here, and each add is measured (GA4's `add_to_cart`, with what
 * the page knows of the item in `about`).
 */
export async function addToCart(
  sku: string,
  qty: number,
  options: readonly ConfigurableItemOption[] = [],
  about: ItemAbout = {},
): Promise<void> {
  const line = await addItem(sku, qty, options);
  pushEcommerce('add_to_cart', { items: [cartLineItem(line, qty, about)] });
  flip();
}

/** An item as `addAllToCart` takes it. */
export interface CartAdd {
  sku: string;
  qty: number;
  options: readonly ConfigurableItemOption[];
  about?: ItemAbout;
}

/**
 * Adds the items one after the other (quick order's "Add all to basket"), each outcome in order: one
 * refused stops none of the others. The basket is refreshed once at the end, not after every item.
 */
export async function addAllToCart(items: readonly CartAdd[]): Promise<PromiseSettledResult<void>[]> {
  const outcomes: PromiseSettledResult<void>[] = [];
  const added = [];
  for (const { sku, qty, options, about } of items) {
    try {
      added.push(cartLineItem(await addItem(sku, qty, options), qty, about));
      outcomes.push({ status: 'fulfilled', value: undefined });
    } catch (reason) {
      outcomes.push({ status: 'rejected', reason });
    }
  }
  if (added.length > 0) {
    pushEcommerce('add_to_cart', { items: added });
    flip();
  }
  return outcomes;
}

/**
 * Adds one item to Magento's cart (a gone guest cart replaced), without refreshing the basket; Magento's
 * answer is the line it went into.
 */
async function addItem(
  sku: string,
  qty: number,
  options: readonly ConfigurableItemOption[],
): Promise<CartItem> {
  const option = productOption(options);
  const cartItem = option ? { sku, qty, product_option: option } : { sku, qty };
  const add = async () => {
    const path = await ensureCart();
    return asShopper(() =>
      shopFetch(`${path}/items`, {
        method: 'POST',
        body: { cartItem },
        schema: cartItemReader,
      }),
    );
  };
  try {
    return await add();
  } catch (error) {
    // A guest cart that is gone (ordered, expired) is replaced once, as Magento's own clients do.
    if (error instanceof ShopApiError && error.status === 404 && !$signedIn.get() && $guestCode.get()) {
      const stale = await shopFetch(`/rest/V1/guest-carts/${$guestCode.get()}`, { schema: cartReader }).then(
        () => false,
        (probe: unknown) => probe instanceof ShopApiError && probe.status === 404,
      );
      if (!stale) throw error;
      $guestCode.set('');
      return add();
    }
    throw error;
  }
}

/** The basket's line `itemId` as last read from Magento. */
const lineOf = (itemId: number): CartItem | undefined =>
  $cart.get()?.items.find((item) => item.item_id === itemId);

export async function updateCartItem(itemId: number, qty: number): Promise<void> {
  const path = requireCartPath();
  const before = lineOf(itemId);
  await asShopper(() =>
    shopFetch(`${path}/items/${itemId}`, {
      method: 'PUT',
      body: { cartItem: { item_id: itemId, qty } },
      schema: cartItemReader,
    }),
  );
  if (before) pushQuantityChange(before, before.qty, qty);
  flip();
}

export async function removeCartItem(itemId: number): Promise<void> {
  const path = requireCartPath();
  const before = lineOf(itemId);
  await asShopper(() => shopFetch(`${path}/items/${itemId}`, { method: 'DELETE', schema: aBoolean }));
  if (before) pushQuantityChange(before, before.qty, 0);
  flip();
}

/** After a paid order or signing out: the cart is gone, or no longer this browser's. */
export function forgetCart(): void {
  $guestCode.set('');
  $appliedCoupon.set('');
  known(null);
  flip();
}
