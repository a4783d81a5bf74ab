/**
 * What the end of a session does, feature by feature, in one place (account/session.ts `onSessionEnd`):
 * the shell registers it on every page, so a 401 met by any island forgets the Trade marker, and signing
 * out forgets, in this order, the Trade marker, the cart, the customer's wish list and their count of My
 * machines. Only what the shell carries already: nothing of signing in.
 */
import { onSessionEnd } from '../../features/account/index.ts';
import { forgetCart } from '../../features/cart/index.ts';
import { customerMachinesCount } from '../../features/my-machines/index.ts';
import { forgetTrade } from '../../features/trade/index.ts';
import { forgetCustomerWishlist } from '../../features/wishlist/index.ts';

export function registerSessionEnd(): void {
  onSessionEnd([
    { signedOut: forgetTrade, expired: forgetTrade },
    { signedOut: forgetCart },
    { signedOut: forgetCustomerWishlist },
    { signedOut: () => customerMachinesCount.forget() },
  ]);
}
