/**
 * Signing out, from the header of every page (the shell): the server forgets the token; the header, the cart
 * the wish list and the count of My machines forget the customer. The answer is not read (no zod in the shell).
 */
import { anything } from '../../parse/reader.ts';
import { forgetCart } from '../cart/cart-state.ts';
import { customerMachinesCount } from '../my-machines/count.ts';
import { shopFetch } from '../shop-api.ts';
import { forgetCustomerWishlist } from '../wishlist/customer.ts';
import { $login } from './session.ts';
import { forgetTrade } from '../trade/trade-marker.ts';

export async function signOut(): Promise<void> {
  try {
    await shopFetch('/session', { method: 'DELETE', schema: anything });
  } finally {
    $login.set('');
    forgetTrade();
    forgetCart();
    forgetCustomerWishlist();
    customerMachinesCount.forget();
  }
}
