/**
 * The header's wish-list count (CountLink.astro), with the basket badge's rules: nothing shows until the
 * count is known (a guest's at once; a customer's once Magento answered), and when this page's read fails
 * the count last read in the session shows, never a made-up 0. The number is part of the link's name
 * ("2 Wish list"); `#wishlist-link-count` describes it ("2 products in your wish list").
 */
import { $signedIn } from '../../features/account/index.ts';
import { readCustomerWishlist, $wishlistSkus, customerWishlistCount } from '../../features/wishlist/index.ts';
import { wishlistTexts } from '../../features/shell/browser-texts.ts';
import { countBadge } from './count-badge.ts';

export function initWishlistLink(): void {
  const show = countBadge('wishlist', wishlistTexts.count);
  if (!show) return;
  $wishlistSkus.subscribe((skus) => show(skus?.length));
  $signedIn.subscribe((signedIn) => {
    if (signedIn)
      readCustomerWishlist().catch(() => {
        if ($wishlistSkus.get() === undefined) show(customerWishlistCount.recall());
      });
  });
}
