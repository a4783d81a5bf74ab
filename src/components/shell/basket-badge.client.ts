/**
 * The header's basket count (BasketLink.astro): Magento's items_qty, 0 included (spec: with no token and
 * no code the count is 0). Nothing shows until the count is known; when this page's read fails, the count
 * last read in the session shows, never a made-up 0. The number is part of the link's name ("2 Basket":
 * what is seen is what is said); `#basket-link-count` describes it ("2 items in your basket").
 */
import { $basketCount, lastKnownCount } from '../../features/cart/store.ts';
import { startBasketSync } from '../../features/cart/sync.ts';
import { shellTexts } from '../../browser-strings.ts';

export function initBasketBadge(): void {
  const badge = document.querySelector<HTMLElement>('[data-basket-count]');
  const description = document.getElementById('basket-link-count');
  if (!badge || !description) return;
  const show = (count: number | undefined) => {
    badge.textContent = count === undefined ? '' : String(count);
    description.textContent = count === undefined ? '' : shellTexts.basketCount(count);
  };
  $basketCount.subscribe(show);
  startBasketSync().catch(() => {
    if ($basketCount.get() === undefined) show(lastKnownCount());
  });
}
