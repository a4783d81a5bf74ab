/**
 * The header's wish-list count (WishlistLink.astro), with the basket badge's rules: nothing shows until the
 * count is known (a guest's at once; a customer's once Magento answered), and when this page's read fails
 * the count last read in the session shows, never a made-up 0. The number is part of the link's name
 * ("2 Wish list"); `#wishlist-link-count` describes it ("2 products in your wish list").
 */
import { $signedIn } from '../../features/account/session.ts';
import { readCustomerWishlist } from '../../features/wishlist/customer.ts';
import { $wishlistSkus, lastKnownWishlistCount } from '../../features/wishlist/store.ts';
import { wishlistTexts } from '../../browser-strings.ts';

export function initWishlistLink(): void {
  const badge = document.querySelector<HTMLElement>('[data-wishlist-count]');
  const description = document.getElementById('wishlist-link-count');
  if (!badge || !description) return;
  const show = (count: number | undefined) => {
    badge.textContent = count === undefined ? '' : String(count);
    description.textContent = count === undefined ? '' : wishlistTexts.count(count);
  };
  $wishlistSkus.subscribe((skus) => show(skus?.length));
  $signedIn.subscribe((signedIn) => {
    if (signedIn)
      readCustomerWishlist().catch(() => {
        if ($wishlistSkus.get() === undefined) show(lastKnownWishlistCount());
      });
  });
}
