/**
 * Signing in and out: the server holds the token; the header and islands keep the marker and the cart in
 * step. Sign-out runs from the header of every page, so answers are read by hand (no zod).
 */
import { anything, handReader, isRecord } from '../../magento/wire/reader.ts';
import { forgetCart, $guestCode, refreshCart } from '../cart/store.ts';
import { shopFetch } from '../shop-api.ts';
import { $login } from './session.ts';

const signedInReply = handReader((value) =>
  isRecord(value) && value['signedIn'] === true ? value : undefined,
);

export async function signIn(email: string, password: string): Promise<void> {
  const guestCode = $guestCode.get();
  await shopFetch('/session', {
    method: 'POST',
    body: { email, password, ...(guestCode ? { guestCode } : {}) },
    schema: signedInReply,
  });
  $login.set('true');
  // The guest cart now belongs to the customer (merged) or is gone: forget its code either way.
  $guestCode.set('');
  await refreshCart();
}

export async function signOut(): Promise<void> {
  try {
    await shopFetch('/session', { method: 'DELETE', schema: anything });
  } finally {
    $login.set('');
    forgetCart();
  }
}
