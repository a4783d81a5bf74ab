/**
 * The header's basket count (CountLink.astro): Magento's items_qty, 0 included (spec: with no token and
 * no code the count is 0). Nothing shows until the count is known; when this page's read fails, the count
 * last read in the session shows, never a made-up 0. The number is part of the link's name ("2 Basket":
 * what is seen is what is said); `#basket-link-count` describes it ("2 items in your basket").
 */
import { $basketCount, lastKnownCount, startBasketSync } from '../../features/cart/index.ts';
import { shellTexts } from '../../features/shell/browser-texts.ts';
import { countBadge } from './count-badge.ts';

export function initBasketBadge(): void {
  const show = countBadge('basket', shellTexts.basketCount);
  if (!show) return;
  $basketCount.subscribe(show);
  startBasketSync().catch(() => {
    if ($basketCount.get() === undefined) show(lastKnownCount());
  });
}
