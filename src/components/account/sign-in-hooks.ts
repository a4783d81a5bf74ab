/**
 * What signing in does, feature by feature, in one place (account/session.ts `onSignIn`): the sign-in form
 * registers these before it signs in. The order is the order of every step: trade first, so its status is
 * read as the basket is; then the cart (its guest code goes first in the request and is forgotten first, and
 * its discount code is kept before anything is read again), the wish list, and My machines.
 */
import { onSignIn } from '../../features/account/session.ts';
import { cartSignIn } from '../../features/cart/index.ts';
import { machinesSignIn } from '../../features/my-machines/index.ts';
import { tradeSignIn } from '../../features/trade/index.ts';
import { wishlistSignIn } from '../../features/wishlist/index.ts';

export function registerSignIn(): void {
  onSignIn([tradeSignIn, cartSignIn, wishlistSignIn, machinesSignIn]);
}
