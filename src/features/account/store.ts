/** Signing in and out: the server holds the token; islands keep the marker and the cart in step. */
import { z } from '../../zod.ts';
import { $cart, $guestCode, refreshCart } from '../cart/store.ts';
import { shopFetch } from '../shop-api.ts';
import { $login } from './session.ts';

export async function signIn(email: string, password: string): Promise<void> {
  const guestCode = $guestCode.get();
  await shopFetch('/session', {
    method: 'POST',
    body: { email, password, ...(guestCode ? { guestCode } : {}) },
    schema: z.object({ signedIn: z.literal(true) }).loose(),
  });
  $login.set('true');
  // The guest cart now belongs to the customer (merged) or is gone: forget its code either way.
  $guestCode.set('');
  await refreshCart();
}

export async function signOut(): Promise<void> {
  try {
    await shopFetch('/session', { method: 'DELETE', schema: z.unknown() });
  } finally {
    $login.set('');
    $cart.set(null);
  }
}
