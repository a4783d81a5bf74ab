/**
 * Keeps `$cart` in step with Magento on every page: one refresh on load and one whenever
 * `$basketChanged` flips, however many islands (badge, basket page) ask for it.
 */
import { $basketChanged, refreshCart } from './cart-state.ts';
import type { Cart } from '../../magento/wire/shopper-cart.ts';

let started: Promise<Cart | null> | undefined;

/** Starts the sync once per page; resolves (or rejects) with the first refresh. */
export function startBasketSync(): Promise<Cart | null> {
  if (!started) {
    $basketChanged.listen(() => {
      // The badge keeps its last count if a refresh fails; the basket page reports its own errors.
      refreshCart().catch(() => undefined);
    });
    started = refreshCart();
    started.catch(() => undefined);
  }
  return started;
}
