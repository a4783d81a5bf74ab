/**
 * The basket count in the header's basket link: Magento's items_qty, refreshed on load and whenever
 * `$basketChanged` flips. Nothing shows for an empty basket or no cart. The number is part of the link's
 * name ("2 Basket", what is seen is what is said); `#basket-link-count` describes it ("2 items in your
 * basket").
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { itemsCount } from '../magento/wire/cart.ts';
import { $cart } from '../features/cart/store.ts';
import { strings } from '../strings.ts';
import { startBasketSync } from '../features/cart/sync.ts';
import { useHydrated } from './shared/use-hydrated.ts';

export default function BasketBadge() {
  const hydrated = useHydrated();
  const cart = useStore($cart);
  useEffect(() => {
    void startBasketSync().catch(() => undefined);
  }, []);
  const count = hydrated ? itemsCount(cart) : 0;
  return (
    <>
      <span className="basket-link__count" data-basket-count>
        {count > 0 ? count : ''}
      </span>
      {/* Hidden from the link's name, read as its description (aria-describedby). */}
      <span className="visually-hidden" id="basket-link-count" aria-hidden="true">
        {count > 0 ? strings.shopper.basketCount(count) : ''}
      </span>
    </>
  );
}
