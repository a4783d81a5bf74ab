/**
 * Signing out, from the header of every page (the shell): the server forgets the token; then the session's
 * end runs each feature's hooks (account/session.ts), so the header, the cart, the wish list and the count
 * of My machines forget the customer. The answer is not read (no zod in the shell). Imports no feature.
 */
import { anything } from '@cleaning-shop/kit/reader.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { sessionSignedOut } from './session.ts';

export async function signOut(): Promise<void> {
  try {
    await shopFetch('/session', { method: 'DELETE', schema: anything });
  } finally {
    sessionSignedOut();
  }
}
